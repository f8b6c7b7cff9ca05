import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';

/** A business owns stores; an account owns businesses (one default business per account today). */
@Entity({ schema: 'commerce', name: 'businesses' })
export class BusinessEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('businesses_account_id_idx')
  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
