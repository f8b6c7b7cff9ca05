import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';

/** A certificate the registry CA issued for an agent's host; revocation puts its serial on the CRL. */
@Entity({ schema: 'agents', name: 'certificates' })
@Index('certificates_agent_idx', ['agentId'])
@Index('certificates_revoked_idx', ['notAfter'], { where: '"revoked_at" IS NOT NULL' })
export class CertificateEntity {
  /** Lower-case hex, as `openssl` prints it (without colons). */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  serialNumber!: string;

  @Column({ type: 'uuid' })
  agentId!: string;

  @Column({ type: 'text' })
  certificatePem!: string;

  /** SHA-256 of the DER certificate, lower-case hex (the TLSA 3 0 1 value). */
  @Column({ type: 'varchar', length: 64 })
  fingerprintSha256!: string;

  @Column({ type: 'timestamptz' })
  notBefore!: Date;

  @Column({ type: 'timestamptz' })
  notAfter!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  revocationReason!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
