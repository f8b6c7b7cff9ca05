import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import type { AppType } from './app-id';

/** CREATING until the creation operation completes, then ACTIVE (a FAILED creation is read off the operation). */
export const APP_ROW_STATUSES = ['CREATING', 'ACTIVE'] as const;
export type AppRowStatus = (typeof APP_ROW_STATUSES)[number];

/**
 * An application of an account. Written in EXECUTING's transaction by POST /v1/hosting/apps (so a
 * client that got a 5xx finds it by listing), moved to ACTIVE by the worker. Timestamps have
 * millisecond precision so the list's keyset token (createdAt, appId) round-trips through JS.
 */
@Entity({ schema: 'hosting', name: 'apps' })
@Index('apps_account_keyset_idx', ['accountId', 'createdAt', 'appId'])
export class AppEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 32 })
  appType!: AppType;

  @Column({ type: 'varchar', length: 16 })
  status!: AppRowStatus;

  /** The app operation (kind CREATE) that creates it. */
  @Column({ type: 'uuid' })
  creationOperationId!: string;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;

  @UpdatedAtColumn({ precision: 3 })
  updatedAt!: Date;
}
