import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';

/** A domain and the account that owns it (written by `domain add`); mailboxes need an owned domain. */
@Entity({ schema: 'mailboxes', name: 'domains' })
@Index('domains_account_idx', ['accountId'])
export class DomainEntity {
  /** Lower-case domain name, e.g. `example.com`. */
  @PrimaryColumn({ type: 'varchar', length: 253 })
  domain!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
