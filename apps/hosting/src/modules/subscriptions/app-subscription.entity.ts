import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';

export const ATTACH_STATES = ['ACTIVE', 'SUSPENDED', 'CANCELLED'] as const;
export type AttachState = (typeof ATTACH_STATES)[number];
export const APP_STATES = ['PREVIEW', 'PUBLISHED'] as const;
export type AppState = (typeof APP_STATES)[number];

/** An app's attachment to a subscription (at most one per app). */
@Entity({ schema: 'hosting', name: 'app_subscriptions' })
@Index('app_subscriptions_subscription_idx', ['subscriptionId'])
export class AppSubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'uuid' })
  subscriptionId!: string;

  @Column({ type: 'varchar', length: 16 })
  attachState!: AttachState;

  /** PREVIEW until a deployment publishes the app, then PUBLISHED. */
  @Column({ type: 'varchar', length: 16 })
  appState!: AppState;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
