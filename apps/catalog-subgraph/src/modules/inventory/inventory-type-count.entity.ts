import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The public graph's inventory count types: one count of each per SKU and location. */
export const INVENTORY_COUNT_TYPES = ['AVAILABLE', 'COMMITTED', 'ON_HAND'] as const;
export type InventoryCountType = (typeof INVENTORY_COUNT_TYPES)[number];

/**
 * One level of one SKU at one location, as the public graph counts inventory (`InventoryCount {
 * id type quantity }`): ON_HAND, COMMITTED and AVAILABLE (= on hand - committed) rows of every
 * inventory_counts row, written with it in the same transaction under its lock (inventory-ledger.ts),
 * so they never disagree. The id is made once, when the SKU is first counted there, and never
 * changes; `updatedAt` moves only when the quantity does.
 */
@Entity({ schema: 'catalog', name: 'inventory_type_counts' })
@Index('inventory_type_counts_location_sku_type_key', ['locationId', 'skuId', 'type'], { unique: true })
@Index('inventory_type_counts_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('inventory_type_counts_store_updated_idx', ['storeId', 'updatedAt', 'id'])
@Index('inventory_type_counts_store_sku_idx', ['storeId', 'skuId'])
export class InventoryTypeCountEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_inventory_type_counts' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'uuid' })
  locationId!: string;

  @Column({ type: 'uuid' })
  skuId!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: InventoryCountType;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
