import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StoreEntity } from '../stores/store.entity';

/**
 * When a store's customer list last changed: the Last-Modified of GET …/customers and the value
 * If-Modified-Since is compared with. Every customer write bumps it in its own transaction, under
 * the row's lock, to max(previous + 1 ms, now): values are strictly increasing per store and a
 * write that commits after a read always gets a later value than the read saw. A future DELETE
 * bumps it too, which max(updated_at) over the remaining rows could not show.
 */
@Entity({ schema: 'commerce', name: 'customer_list_versions' })
export class CustomerListVersionEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_customer_list_versions' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_customer_list_versions_store' })
  store?: StoreEntity;

  @Column({ type: 'timestamptz', precision: 3 })
  changedAt!: Date;
}
