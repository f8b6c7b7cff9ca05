import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import type { AgentEndpoint, AgentStatus, DnsRecord, RevocationReason } from './agent.model';

/**
 * One registration: an agent host at one version (ansName `ans://v<version>.<agentHost>`, taken for
 * good once registered). `dnsRecords` are the records the registry published for it at
 * registration; a revocation stores what it told the caller to remove, so a repeated revoke
 * answers the same.
 */
@Entity({ schema: 'agents', name: 'agents' })
@Index('agents_account_idx', ['accountId'])
@Index('agents_host_status_idx', ['agentHost', 'status'])
@Index('agents_pending_expiry_idx', ['expiresAt'], { where: `"status" = 'PENDING_VALIDATION'` })
export class AgentEntity {
  @PrimaryColumn({ type: 'uuid' })
  agentId!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 128 })
  providerId!: string;

  @Column({ type: 'varchar', length: 253 })
  agentHost!: string;

  @Column({ type: 'varchar', length: 64 })
  version!: string;

  @Index('agents_ans_name_key', { unique: true })
  @Column({ type: 'varchar', length: 330 })
  ansName!: string;

  @Column({ type: 'varchar', length: 64 })
  displayName!: string;

  @Column({ type: 'varchar', length: 150, nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 24 })
  status!: AgentStatus;

  @Column({ type: 'jsonb' })
  endpoints!: AgentEndpoint[];

  @Column({ type: 'jsonb' })
  dnsRecords!: DnsRecord[];

  /** When a PENDING_VALIDATION registration lapses; null once ACTIVE. */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  revocationReason!: RevocationReason | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  revocationComments!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  dnsRecordsToRemove!: DnsRecord[] | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
