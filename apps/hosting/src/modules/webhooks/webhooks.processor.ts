import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { DelayedError, UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { WebhookDeliveryRunner } from './webhook-delivery.runner';
import type { DeliveryRun } from './webhook-delivery.runner';
import { WebhooksSweep } from './webhooks-sweep.service';
import {
  DELIVER_WEBHOOK_JOB,
  HOSTING_WEBHOOKS_CONCURRENCY,
  HostingWebhooksQueue,
  SWEEP_WEBHOOKS_JOB,
} from './webhooks.jobs';
import type { WebhooksJobData } from './webhooks.jobs';

/** How long a delivery job waits when another run holds its (webhook, app), before it looks again. */
const BUSY_PAIR_DELAY_MS = 1000;

/** Consumes `hosting-webhooks`: sweeps for due messages, and delivers one (webhook, app) per job. */
@Processor(HostingWebhooksQueue.name, { ...WorkerDefaults, concurrency: HOSTING_WEBHOOKS_CONCURRENCY })
export class WebhooksProcessor extends JobDispatcherHost<WebhooksJobData> {
  protected readonly dispatcher = createJobDispatcher<
    typeof SWEEP_WEBHOOKS_JOB | typeof DELIVER_WEBHOOK_JOB,
    WebhooksJobData
  >(HostingWebhooksQueue, {
    [SWEEP_WEBHOOKS_JOB]: async () => ({ requested: await this.sweep.run() }),
    [DELIVER_WEBHOOK_JOB]: (job, token) => this.deliver(job, token),
  });

  constructor(
    private readonly runner: WebhookDeliveryRunner,
    private readonly sweep: WebhooksSweep,
  ) {
    super();
  }

  /**
   * Another run holding the pair may be about to finish without seeing this job's message: the job
   * goes back to the delayed set for a second (without spending an attempt) rather than ending.
   */
  private async deliver(job: Job<WebhooksJobData>, token: string | undefined): Promise<DeliveryRun> {
    const { webhookId, appId } = job.data as Partial<Record<string, unknown>>;
    if (typeof webhookId !== 'string' || typeof appId !== 'string')
      throw new UnrecoverableError(`job ${job.id ?? '?'} carries no webhookId and appId`);
    const run = await this.runner.deliver(webhookId, appId);
    if (run.busy && token !== undefined) {
      await job.moveToDelayed(Date.now() + BUSY_PAIR_DELAY_MS, token);
      throw new DelayedError(`webhook ${webhookId} of app ${appId} is being delivered elsewhere`);
    }
    return run;
  }
}
