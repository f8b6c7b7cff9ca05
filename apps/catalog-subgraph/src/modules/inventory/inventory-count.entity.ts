import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Stock of one SKU at one location: `onHand` units held, `committed` units promised to ACTIVE
 * reservations; available = onHand - committed (computed, never stored). One row per pair, made
 * by the first write (INSERT … ON CONFLICT DO NOTHING) and locked FOR UPDATE by every change,
 * so concurrent commits serialize on it. `onHand` may go below `committed` (and zero) only at a
 * location that allows negative inventory; `committed` never goes below zero.
 */
@Entity({ schema: 'catalog', name: 'inventory_counts' })
@Index('inventory_counts_store_sku_location_idx', ['storeId', 'skuId', 'locationId'])
@Check('CHK_inventory_counts_committed', '"committed" >= 0')
export class InventoryCountEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_inventory_counts' })
  locationId!: string;

  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_inventory_counts' })
  skuId!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'integer' })
  onHand!: number;

  @Column({ type: 'integer' })
  committed!: number;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
