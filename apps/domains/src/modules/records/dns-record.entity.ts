import { CreatedAtColumn } from '@platform/database';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DomainEntity } from '../domains/domain.entity';

export const DNS_RECORD_TYPES = [
  'A',
  'AAAA',
  'CAA',
  'CNAME',
  'HTTPS',
  'MX',
  'NS',
  'SOA',
  'SRV',
  'SVCB',
  'TLSA',
  'TXT',
] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/**
 * One record of a domain's zone. `name` is relative to the zone (`@` for the apex, `www`,
 * `_ans.agent`), lower-case. `recordId` follows insertion, so a zone reads back in the order it was
 * written. Records go with their domain (ON DELETE CASCADE).
 */
@Entity({ schema: 'domains', name: 'dns_records' })
@Index('dns_records_zone_idx', ['domainId', 'type', 'name'])
export class DnsRecordEntity {
  /** bigserial; pg hands bigint back as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  recordId!: string;

  @Column({ type: 'uuid' })
  domainId!: string;

  @ManyToOne(() => DomainEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'domain_id', referencedColumnName: 'domainId' })
  owner?: DomainEntity;

  @Column({ type: 'varchar', length: 8 })
  type!: DnsRecordType;

  @Column({ type: 'varchar', length: 253 })
  name!: string;

  @Column({ type: 'text' })
  data!: string;

  @Column({ type: 'integer' })
  ttl!: number;

  @Column({ type: 'integer', nullable: true })
  priority!: number | null;

  @Column({ type: 'integer', nullable: true })
  port!: number | null;

  @Column({ type: 'integer', nullable: true })
  weight!: number | null;

  @Column({ type: 'varchar', length: 63, nullable: true })
  service!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  protocol!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
