import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** ACTIVE holds units; RELEASED (releaseInventory) and EXPIRED (the worker) gave them back. */
export type InventoryReservationStatus = 'ACTIVE' | 'RELEASED' | 'EXPIRED' | 'FULFILLED';

/**
 * Units of one SKU at one location held by commitInventory until released, or until
 * `expiresAt`, when the worker expires it (a delayed job per reservation, plus a periodic sweep).
 * Only ACTIVE changes status, once: the count's `committed` goes down exactly once.
 */
@Entity({ schema: 'catalog', name: 'inventory_reservations' })
@Index('inventory_reservations_active_expires_idx', ['expiresAt'], { where: `"status" = 'ACTIVE'` })
export class InventoryReservationEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_inventory_reservations' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'uuid' })
  locationId!: string;

  @Column({ type: 'uuid' })
  skuId!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: InventoryReservationStatus;

  @Column({ type: 'timestamptz', precision: 3 })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
