import type { OnApplicationBootstrap, Type } from '@nestjs/common';
import { everyJobScheduler } from './job-schedule';
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
  return everyJobScheduler(orphanScanQueue(target.operations), {
    id: orphanScanSchedulerId(target.operations),
    everyMs: ORPHAN_SCAN_EVERY_MS,
    job: SCAN_ORPHANS_JOB,
  });
}
