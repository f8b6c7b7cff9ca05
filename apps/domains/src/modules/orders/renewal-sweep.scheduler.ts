import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import { RENEWAL_SETTINGS } from '../registry/registry-settings';
import type { RenewalSettings } from '../registry/registry-settings';
import { DomainsOrdersQueue, RENEWAL_SWEEP_JOB, RENEWAL_SWEEP_SCHEDULER_ID } from './orders.jobs';

/**
 * Declares the renewal and expiry sweep at the worker's boot (every DOMAINS_MAINTENANCE_EVERY_S);
 * one scheduler id keeps it single however many workers start.
 */
@Injectable()
export class RenewalSweepScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(DomainsOrdersQueue.name) private readonly queue: Queue,
    @Inject(RENEWAL_SETTINGS) private readonly settings: RenewalSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const everyMs = this.settings.maintenanceEverySeconds * 1000;
    await scheduleEvery(this.queue, RENEWAL_SWEEP_SCHEDULER_ID, everyMs, RENEWAL_SWEEP_JOB);
  }
}
