import { Column } from 'typeorm';

/**
 * The columns every editable tax row has besides its id (the id stays in each entity: its
 * primary key constraint is named after the table). Column names come from the naming strategy.
 */
export abstract class StoreScopedColumns {
  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
