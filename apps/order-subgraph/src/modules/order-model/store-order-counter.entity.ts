import { bigintNumber } from '@platform/database';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The last order number given out in a store. Incremented with an upsert in the transaction that
 * inserts the order: the row lock serialises concurrent creations of one store, and a rolled-back
 * creation rolls the counter back too, so numbers are 1, 2, 3… without gaps or duplicates.
 */
@Entity({ schema: 'orders', name: 'store_order_counters' })
export class StoreOrderCounterEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_store_order_counters' })
  storeId!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  lastNumber!: number;
}
