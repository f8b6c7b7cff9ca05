import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';
import type { ZoneRecord } from '@platform/domains-client';

export const ZONE_CHANGE_STATUSES = ['PENDING', 'APPLIED', 'NO_ZONE', 'REJECTED'] as const;
export type ZoneChangeStatus = (typeof ZONE_CHANGE_STATUSES)[number];

/**
 * The outbox of the agents' DNS records: one row per change the registry owes the owner's zone,
 * written in the transaction that activates (`publish:<agentId>`) or revokes (`remove:<agentId>`)
 * the agent, so a change is never lost between the commit and the domains service. The worker
 * settles it: APPLIED, NO_ZONE (no platform domain of the account holds the host; the owner
 * publishes the records themself) or REJECTED (the domains service refused it; not retried).
 */
@Entity({ schema: 'agents', name: 'zone_changes' })
@Index('zone_changes_pending_idx', ['createdAt', 'changeId'], { where: `"status" = 'PENDING'` })
export class ZoneChangeEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  changeId!: string;

  @Column({ type: 'uuid' })
  agentId!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'jsonb' })
  add!: ZoneRecord[];

  @Column({ type: 'jsonb' })
  remove!: ZoneRecord[];

  @Column({ type: 'varchar', length: 16 })
  status!: ZoneChangeStatus;

  /** Calls made to the domains service for this change. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  lastError!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  appliedAt!: Date | null;
}
