import type { TransactionStatus, TransactionType } from '@platform/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../stores/store.entity';

/**
 * A movement of money of a store, recorded from the order subgraph's `order-payment-recorded`
 * events (docs/commerce-transactions.md); the public API only reads it.
 */
@Entity({ schema: 'commerce', name: 'transactions' })
@Index('transactions_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('transactions_store_updated_idx', ['storeId', 'updatedAt'])
@Index('transactions_store_source_event_key', ['storeId', 'sourceEventId'], { unique: true })
export class TransactionEntity {
  /** The public transactionId. */
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_transactions_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 16 })
  type!: TransactionType;

  @Column({ type: 'varchar', length: 16 })
  status!: TransactionStatus;

  /** Minor units of `currency`; bigint, read back by pg as a string. */
  @Column({ type: 'bigint' })
  amount!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  /** The order's global id (`Order_<KSUID>`), opaque here: orders live in the order subgraph. */
  @Column({ type: 'varchar', length: 64 })
  orderId!: string;

  @Column({ type: 'uuid', nullable: true })
  channelId!: string | null;

  /** The store's processor when the payment was recorded (Store Processor enumeration). */
  @Column({ type: 'varchar', length: 32 })
  processor!: string;

  /** The processor's id of this payment. */
  @Column({ type: 'varchar', length: 64 })
  processorReference!: string;

  /** The transaction this one settles (the AUTHORIZE a CAPTURE captures, the SALE a REFUND refunds). */
  @Column({ type: 'uuid', nullable: true })
  parentTransactionId!: string | null;

  @ManyToOne(() => TransactionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'parent_transaction_id', foreignKeyConstraintName: 'FK_transactions_parent' })
  parent?: TransactionEntity;

  @Column({ type: 'varchar', length: 512, nullable: true })
  notes!: string | null;

  /** eventId of the message it was recorded from: unique per store, so a redelivery records nothing. */
  @Column({ type: 'uuid' })
  sourceEventId!: string;

  /** When the payment happened (the event's occurredAt). */
  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
