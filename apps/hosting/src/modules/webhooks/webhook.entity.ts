import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { WEBHOOK_EVENT_TYPE_MAX_LENGTH } from './webhook-event-types';
import type { WebhookEventType } from './webhook-event-types';

/**
 * A webhook of an account: where its events go and which ones. The signing secret is kept only
 * sealed with SecretBox (as app secrets are; associated data binds the webhook id), shown once in
 * the creation's answer and never again, never logged. Timestamps have millisecond precision so the
 * list's keyset token (createdAt, id) round-trips through JS.
 */
@Entity({ schema: 'hosting', name: 'webhooks' })
@Index('webhooks_account_keyset_idx', ['accountId', 'createdAt', 'id'])
export class WebhookEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'text' })
  url!: string;

  /** The subscribed event types (WEBHOOK_EVENT_TYPES), in the order given, without repeats. */
  @Column({ type: 'varchar', length: WEBHOOK_EVENT_TYPE_MAX_LENGTH, array: true })
  events!: WebhookEventType[];

  /** `SecretBox.seal(secret, webhookSecretAad(id))`. */
  @Column({ type: 'bytea' })
  sealedSecret!: Buffer;

  /** `SecretBox.keyId` of the key that sealed the secret. */
  @Column({ type: 'varchar', length: 32 })
  keyId!: string;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;

  @UpdatedAtColumn({ precision: 3 })
  updatedAt!: Date;
}

/** Associated data of a sealed signing secret: a ciphertext copied to another webhook does not open. */
export const webhookSecretAad = (webhookId: string): string =>
  JSON.stringify(['hosting.webhooks', webhookId]);
