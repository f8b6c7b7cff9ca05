import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Status of a registration (public counterpart's DomainSummary.status values we use):
 * PENDING: purchase accepted, not yet registered; PENDING_TRANSFER: transfer-in accepted;
 * ACTIVE: registered to the account; EXPIRED: its expiry passed without renewal.
 */
export const DOMAIN_STATUSES = ['PENDING', 'PENDING_TRANSFER', 'ACTIVE', 'EXPIRED'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export interface DomainContact {
  readonly nameFirst: string;
  readonly nameLast: string;
  readonly email: string;
  readonly phone: string;
  readonly organization?: string;
  readonly addressMailing: {
    readonly address1: string;
    readonly address2?: string;
    readonly city: string;
    readonly state: string;
    readonly postalCode: string;
    readonly country: string;
  };
}

export interface DomainContacts {
  readonly registrant?: DomainContact;
  readonly admin?: DomainContact;
  readonly tech?: DomainContact;
  readonly billing?: DomainContact;
}

/**
 * One registration: a name is registered at most once on the platform (`domain` is unique, and a
 * purchase inserts the row before anything else, so concurrent purchases of one name leave one).
 * The zone's records are in dns_records; the orders that made and renewed it in orders.
 */
@Entity({ schema: 'domains', name: 'domains' })
@Index('domains_account_domain_idx', ['accountId', 'domain'])
@Index('domains_auto_renew_idx', ['expires'], { where: `renew_auto AND status = 'ACTIVE'` })
@Index('domains_active_expiry_idx', ['expires'], { where: `status = 'ACTIVE'` })
export class DomainEntity {
  @PrimaryColumn({ type: 'uuid' })
  domainId!: string;

  /** Lower-case, no trailing dot, e.g. `example.com`. */
  @Index('domains_domain_key', { unique: true })
  @Column({ type: 'varchar', length: 253 })
  domain!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 32 })
  status!: DomainStatus;

  /** Null until registered. */
  @Column({ type: 'timestamptz', nullable: true })
  expires!: Date | null;

  @Column({ type: 'boolean' })
  renewAuto!: boolean;

  @Column({ type: 'boolean' })
  privacy!: boolean;

  /** Registrar lock, reported as the public API does; the sandbox has no way to set it (false). */
  @Column({ type: 'boolean', default: false })
  locked!: boolean;

  @Column({ type: 'jsonb' })
  nameServers!: string[];

  @Column({ type: 'jsonb' })
  contacts!: DomainContacts;

  /** What another account presents to transfer the domain away (GET …?includes=authCode). */
  @Column({ type: 'varchar', length: 64 })
  authCode!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
