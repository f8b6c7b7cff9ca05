import { CreatedAtColumn, bigintNumber } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** PENDING until a 2xx (DELIVERED) or until the last attempt failed (FAILED: given up). */
export const WEBHOOK_MESSAGE_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookMessageStatus = (typeof WEBHOOK_MESSAGE_STATUSES)[number];

/**
 * One event to one webhook: what the worker delivers, in `sequence` order per (webhook, app). Its
 * state lives here, not in Redis: a worker that restarts, or a Redis that lost its jobs, only
 * delays it (the sweep finds every PENDING head again).
 */
@Entity({ schema: 'hosting', name: 'webhook_messages' })
@Index('webhook_messages_pending_idx', ['webhookId', 'appId', 'sequence'], { where: `status = 'PENDING'` })
export class WebhookMessageEntity {
  @PrimaryColumn({ type: 'uuid' })
  webhookId!: string;

  @PrimaryColumn({ type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  /** The event's sequence in its app (copied, for the order of the pending index). */
  @Column({ type: 'bigint', transformer: bigintNumber })
  sequence!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: WebhookMessageStatus;

  /** Attempts started, counted before each call (an attempt cut short by a dying worker counts). */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** When the next attempt is due (PENDING only). */
  @Column({ type: 'timestamptz', precision: 3 })
  nextAttemptAt!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  deliveredAt!: Date | null;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;
}
