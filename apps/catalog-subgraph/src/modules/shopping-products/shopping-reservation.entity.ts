import { Column, Entity, PrimaryColumn } from 'typeorm';

/** ACTIVE while its inventory reservations may hold units; RELEASED once the Shopping API gave them back. */
export type ShoppingReservationStatus = 'ACTIVE' | 'RELEASED';

/**
 * One reservation the Shopping API asked for (POST …/shopping-reservations), by its `reference`:
 * the inventory reservations (inventory_reservations) made for its lines, so a replay of the
 * reference answers the same ids and a release ends exactly those. The row is written in the
 * transaction that commits the inventory, so it exists only when every line was reserved.
 */
@Entity({ schema: 'catalog', name: 'shopping_reservations' })
export class ShoppingReservationEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_shopping_reservations' })
  storeId!: string;

  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'PK_shopping_reservations' })
  reference!: string;

  /** sha256 of the request's lines (merged per SKU, sorted): a replay with other lines is refused. */
  @Column({ type: 'varchar', length: 64 })
  linesHash!: string;

  /** The inventory reservations of the lines, one or more per line with tracked inventory. */
  @Column({ type: 'uuid', array: true })
  reservationIds!: string[];

  @Column({ type: 'varchar', length: 16 })
  status!: ShoppingReservationStatus;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
