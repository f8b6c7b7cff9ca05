import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** STOCK: on hand +quantity. ADJUST: on hand +quantity (signed). COMMIT / RELEASE: committed ±quantity. */
export type InventoryAdjustmentKind = 'STOCK' | 'COMMIT' | 'RELEASE' | 'ADJUST';

/**
 * The ledger of inventory: one immutable row per change of a count, written in the transaction
 * that changes it. COMMIT and RELEASE rows name their reservation (a RELEASE by expiry too).
 */
@Entity({ schema: 'catalog', name: 'inventory_adjustments' })
@Index('inventory_adjustments_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('inventory_adjustments_store_sku_created_idx', ['storeId', 'skuId', 'createdAt', 'id'])
export class InventoryAdjustmentEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_inventory_adjustments' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'uuid' })
  locationId!: string;

  @Column({ type: 'uuid' })
  skuId!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: InventoryAdjustmentKind;

  /** Units; positive except for ADJUST, whose sign says the direction. */
  @Column({ type: 'integer' })
  quantity!: number;

  /** An INVENTORY_ADJUSTMENT_REASON record of the store. */
  @Column({ type: 'uuid', nullable: true })
  reasonId!: string | null;

  @Column({ type: 'uuid', nullable: true })
  reservationId!: string | null;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
