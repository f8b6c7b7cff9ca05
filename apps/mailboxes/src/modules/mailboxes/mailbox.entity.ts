import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';

export const MAILBOX_TYPES = ['FREE_TRIAL', 'STANDARD'] as const;
export type MailboxType = (typeof MAILBOX_TYPES)[number];

export interface MailboxAgreement {
  readonly type: string;
  readonly agreed: boolean;
}

/**
 * A mailbox and its provisioning operation in one row (OperationRecordBase: status EXECUTING →
 * COMPLETED | FAILED). The partial unique index `mailboxes_completed_email_key` on
 * lower(email_address) WHERE status = 'COMPLETED' (hand-written in the migration, an expression
 * TypeORM cannot describe) makes an address provisioned at most once.
 */
@Entity({ schema: 'mailboxes', name: 'mailboxes' })
@Index('mailboxes_account_idx', ['accountId'])
@Index('mailboxes_completed_email_key', { synchronize: false })
export class MailboxEntity extends OperationRecordBase {
  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 254 })
  emailAddress!: string;

  @Column({ type: 'varchar', length: 16 })
  mailboxType!: MailboxType;

  @Column({ type: 'varchar', length: 64 })
  firstName!: string;

  @Column({ type: 'varchar', length: 64 })
  lastName!: string;

  @Column({ type: 'varchar', length: 129 })
  displayName!: string;

  @Column({ type: 'jsonb' })
  agreements!: MailboxAgreement[];
}
