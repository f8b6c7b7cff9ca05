import { CreatedAtColumn, bigintNumber } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { WEBHOOK_EVENT_TYPE_MAX_LENGTH } from './webhook-event-types';
import type { WebhookEventType } from './webhook-event-types';

/** The body every webhook of the event receives: Standard Webhooks' `{type, timestamp, data}`. */
export interface WebhookPayload {
  readonly type: WebhookEventType;
  /** When it happened, ISO 8601 with milliseconds and Z. */
  readonly timestamp: string;
  /** The event's fields; always `appId` and `sequence`. */
  readonly data: Readonly<Record<string, unknown>> & { readonly appId: string; readonly sequence: number };
}

/**
 * One event of an app (a deployment started, succeeded, failed, …), written by
 * `hosting.record_webhook_event` in the transaction of the change it reports, only when a webhook
 * of the account subscribes to its type. `sequence` numbers an app's events in commit order (taken
 * under a transaction-scoped lock on the app), which is the order deliveries follow. Its id is the
 * `webhook-id` of every delivery of it.
 */
@Entity({ schema: 'hosting', name: 'webhook_events' })
@Index('webhook_events_app_sequence_key', ['appId', 'sequence'], { unique: true })
export class WebhookEventEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'varchar', length: WEBHOOK_EVENT_TYPE_MAX_LENGTH })
  type!: WebhookEventType;

  @Column({ type: 'bigint', transformer: bigintNumber })
  sequence!: number;

  @Column({ type: 'jsonb' })
  payload!: WebhookPayload;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;
}
