import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';

/** An account owns tokens and, in the services, every resource it creates. */
@Entity({ schema: 'auth', name: 'accounts' })
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  name!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
