import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { OnApplicationBootstrap, Type } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from './job-schedule';
import {
  ORPHAN_SCAN_EVERY_MS,
  SCAN_ORPHANS_JOB,
  orphanScanQueue,
  orphanScanSchedulerId,
} from './orphan-scan.jobs';
import type { OrphanScanTarget } from './orphan-scan.jobs';

/**
 * Declares the target's scan at the worker's boot, every minute under one scheduler id, and again
 * whenever Redis comes back (scheduleEvery: a Redis restart loses the scheduler, and the chaos run
 * relies on this scan to re-add the jobs it lost).
 */
export function orphanScanScheduler(target: OrphanScanTarget): Type<OnApplicationBootstrap> {
  const queue = orphanScanQueue(target.operations);

  @Injectable()
  class OrphanScanScheduler implements OnApplicationBootstrap {
    constructor(@InjectQueue(queue.name) private readonly scans: Queue) {}

    async onApplicationBootstrap(): Promise<void> {
      await scheduleEvery(
        this.scans,
        orphanScanSchedulerId(target.operations),
        ORPHAN_SCAN_EVERY_MS,
        SCAN_ORPHANS_JOB,
      );
    }
  }
  return OrphanScanScheduler;
}
