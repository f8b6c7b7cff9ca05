import { bigintNumber } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { WEBHOOK_EVENT_TYPE_MAX_LENGTH } from './webhook-event-types';
import type { WebhookEventType } from './webhook-event-types';

/** SUCCEEDED (a 2xx), FAILED (will be retried at nextRetryAt) or GAVE_UP (the last attempt failed). */
export const DELIVERY_OUTCOMES = ['SUCCEEDED', 'FAILED', 'GAVE_UP'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/**
 * One attempt to deliver a message: what `GET /v1/hosting/webhooks/{webhookId}/deliveries` lists,
 * newest first (keyset on attemptedAt, id).
 */
@Entity({ schema: 'hosting', name: 'webhook_delivery_attempts' })
@Index('webhook_delivery_attempts_keyset_idx', ['webhookId', 'attemptedAt', 'id'])
export class WebhookDeliveryAttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  webhookId!: string;

  /** The event delivered (its `webhook-id`). */
  @Column({ type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: WEBHOOK_EVENT_TYPE_MAX_LENGTH })
  eventType!: WebhookEventType;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  sequence!: number;

  /** 1 for the first attempt of the message. */
  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ type: 'varchar', length: 16 })
  outcome!: DeliveryOutcome;

  /** The receiver's HTTP status, null when none came (refused, unreachable, timed out). */
  @Column({ type: 'integer', nullable: true })
  statusCode!: number | null;

  /** Why the attempt failed without a status, or what the non-2xx was (code: message). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'integer' })
  durationMs!: number;

  /** When the next attempt is due (outcome FAILED), else null. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  nextRetryAt!: Date | null;

  @Column({ type: 'timestamptz', precision: 3 })
  attemptedAt!: Date;
}
