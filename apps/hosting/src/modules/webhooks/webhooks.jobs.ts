import { declareQueue } from '@platform/queue';

/** Finds the first PENDING message of every (webhook, app) and adds its delivery job. */
export const SWEEP_WEBHOOKS_JOB = 'webhooks.sweep';
/** Delivers the due messages of one (webhook, app), in sequence order (WebhookDeliveryRunner). */
export const DELIVER_WEBHOOK_JOB = 'webhook.deliver';

/**
 * The hosting worker's webhook deliveries. `webhook.deliver` jobs carry a (webhook, app) pair and
 * have a deterministic id per message and attempt (`deliver.<webhookId>.<eventId>.<attempt>`), so
 * the sweep, a wake-up and a retry asking for the same attempt make one job. `webhooks.sweep` runs
 * every HOSTING_WEBHOOK_SWEEP_MS (job scheduler `hosting-webhooks-sweep`) and whenever a worker is
 * told of a new event (LISTEN `hosting_webhook_events`), deduplicated: one waits while one runs.
 */
export const HostingWebhooksQueue = declareQueue({
  name: 'hosting-webhooks',
  jobs: [SWEEP_WEBHOOKS_JOB, DELIVER_WEBHOOK_JOB],
});

/** What a `webhook.deliver` job carries: ids only. */
export interface DeliverWebhookJobData {
  readonly webhookId: string;
  readonly appId: string;
}

/** What a job of the queue carries (a sweep carries nothing). */
export type WebhooksJobData = DeliverWebhookJobData | Record<string, never>;

/** Fixed job scheduler id: one sweep schedule however many workers start. */
export const WEBHOOKS_SWEEP_SCHEDULER = 'hosting-webhooks-sweep';

/** Deduplication id of the sweep's wake-ups. */
export const WEBHOOKS_SWEEP_WAKE_UP_ID = 'hosting-webhooks-sweep-wake-up';

/** The channel `hosting.record_webhook_event` notifies (at commit) with the app id. */
export const WEBHOOK_EVENTS_CHANNEL = 'hosting_webhook_events';

/** Deliveries of different (webhook, app) pairs run in parallel up to this many per worker. */
export const HOSTING_WEBHOOKS_CONCURRENCY = 4;

/** The deterministic job id of one attempt of one message. */
export const deliverJobId = (webhookId: string, eventId: string, attempt: number): string =>
  `deliver.${webhookId}.${eventId}.${attempt}`;
