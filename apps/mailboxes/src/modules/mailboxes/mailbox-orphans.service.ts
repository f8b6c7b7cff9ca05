import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { OperationRunner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { MailboxEntity } from './mailbox.entity';
import { MailboxesQueue } from './mailboxes.jobs';

export const ORPHAN_SCAN_EVERY_MS = 60_000;

/** Every minute: re-adds the job of a mailbox left EXECUTING without one (OperationRunner.recoverOrphans). */
@Injectable()
export class MailboxOrphansService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailboxOrphansService.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(MailboxesQueue.name) private readonly queue: Queue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.scan(), ORPHAN_SCAN_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  private async scan(): Promise<void> {
    try {
      const r = await this.runner.recoverOrphans(MailboxEntity, [this.queue]);
      if (r.requeued.length + r.failed.length > 0)
        this.logger.warn(`orphans: requeued ${r.requeued.length}, failed ${r.failed.length}`);
    } catch (error) {
      this.logger.warn(`orphan scan failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
