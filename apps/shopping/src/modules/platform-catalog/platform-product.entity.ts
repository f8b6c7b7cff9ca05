import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What the platform sells at /v1/shopping. */
export const PLATFORM_PRODUCT_KINDS = ['DOMAIN_REGISTRATION', 'HOSTING_PLAN'] as const;
export type PlatformProductKind = (typeof PLATFORM_PRODUCT_KINDS)[number];

/** A product or a price row is sold while ACTIVE; ARCHIVED ones are kept (orders name them) but not sold. */
export const PLATFORM_CATALOG_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type PlatformCatalogStatus = (typeof PLATFORM_CATALOG_STATUSES)[number];

/**
 * One product of the platform's own catalog (schema `shopping`): the domain registration product
 * (its price rows are per TLD and year) or a hosting plan (its price rows are per slot count and
 * year). `id` is a stable lowercase slug (`web-hosting`), the UCP product id; `metadata` carries
 * what the kind needs (a hosting plan's `hostingProduct`) and GoDaddy's product metadata.
 */
@Entity({ schema: 'shopping', name: 'platform_products' })
@Index('platform_products_handle_key', ['handle'], { unique: true })
@Index('platform_products_active_idx', ['id'], { where: `"status" = 'ACTIVE'` })
@Index('platform_products_active_kind_idx', ['kind', 'id'], { where: `"status" = 'ACTIVE'` })
// to_tsvector over title, handle and description (the free-text search), hand-written in the migration.
@Index('platform_products_search_idx', { synchronize: false })
@Check('platform_products_kind_check', `"kind" IN ('DOMAIN_REGISTRATION', 'HOSTING_PLAN')`)
@Check('platform_products_status_check', `"status" IN ('ACTIVE', 'ARCHIVED')`)
export class PlatformProductEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: PlatformProductKind;

  @Column({ type: 'varchar', length: 64 })
  handle!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: PlatformCatalogStatus;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  metadata!: Record<string, unknown>;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
