import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { StoreEntity } from '../stores/store.entity';

export interface CustomerEmail {
  email: string;
  label?: string;
  default: boolean;
}

export interface CustomerPhone {
  phone: string;
  label?: string;
  default: boolean;
}

export interface CustomerAddress {
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
  label?: string;
}

/**
 * A customer of one store. E-mails, phones and addresses are small bounded lists (≤ 10 each)
 * that are always read and replaced whole, so they are jsonb columns rather than child tables.
 */
@Entity({ schema: 'commerce', name: 'customers' })
@Index('customers_store_created_at_id_idx', ['storeId', 'createdAt', 'id'])
@Index('customers_store_primary_email_uidx', ['storeId', 'primaryEmail'], { unique: true })
export class CustomerEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_customers_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 50 })
  firstName!: string;

  @Column({ type: 'varchar', length: 50 })
  lastName!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  organization!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  jobTitle!: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  nickname!: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  externalIdentifier!: string | null;

  @Column({ type: 'jsonb' })
  emails!: CustomerEmail[];

  @Column({ type: 'jsonb' })
  phones!: CustomerPhone[];

  @Column({ type: 'jsonb' })
  addresses!: CustomerAddress[];

  /**
   * The duplicate key: the primary e-mail (the default one, else the first) in lower case; null
   * without e-mails. Unique per store, so concurrent creates of the same customer cannot both win.
   */
  @Column({ type: 'varchar', length: 254, nullable: true })
  primaryEmail!: string | null;

  /** Set by the service from the store's customer-list version (ms precision, see that entity). */
  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
