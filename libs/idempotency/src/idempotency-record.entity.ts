import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdempotencyState } from './idempotency-state';

/**
 * One Idempotency-Key of one credential on one route. The response body is `json`, not `jsonb`:
 * json keeps the text as sent, so a replay is byte-identical (jsonb would reorder keys).
 */
@Entity({ schema: 'idempotency', name: 'idempotency_records' })
@Index('idempotency_records_expires_at_idx', ['expiresAt'])
@Check('idempotency_records_state_check', `"state" IN ('IN_FLIGHT', 'COMPLETED')`)
export class IdempotencyRecordEntity {
  /** The token that sent the key (principal.tokenId). */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_idempotency_records' })
  credentialId!: string;

  /** Method and route template: `PATCH /v1/hosting/apps/:appId/secrets`. */
  @PrimaryColumn({ type: 'varchar', length: 512, primaryKeyConstraintName: 'PK_idempotency_records' })
  route!: string;

  @PrimaryColumn({ type: 'varchar', length: 255, primaryKeyConstraintName: 'PK_idempotency_records' })
  idempotencyKey!: string;

  /** SHA-256 hex of the canonical request (request-fingerprint.ts). */
  @Column({ type: 'char', length: 64 })
  fingerprint!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: IdempotencyState;

  /** Names the current holder, so a request that lost its claim cannot complete or release it. */
  @Column({ type: 'uuid' })
  claimId!: string;

  @Column({ type: 'smallint', nullable: true })
  responseStatus!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  responseHeaders!: Record<string, string> | null;

  @Column({ type: 'json', nullable: true })
  responseBody!: unknown;

  /** When the current claim was taken; the lease of an IN_FLIGHT record counts from here. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** completedAt + retention once COMPLETED; claim time + retention while IN_FLIGHT. */
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;
}
