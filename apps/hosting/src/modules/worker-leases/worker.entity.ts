import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One hosting worker process and its lease (docs/hosting.md, "Several workers"): it owns variants
 * (app_environments.owner_worker_id) while `expires_at` is after the database's now(). Registered at
 * boot, extended by every heartbeat, deleted at a graceful shutdown; an expired row is a dead (or
 * paused) worker whose variants others adopt.
 */
@Entity({ schema: 'hosting', name: 'workers' })
@Index('workers_expires_idx', ['expiresAt'])
export class WorkerEntity {
  @PrimaryColumn({ type: 'uuid' })
  workerId!: string;

  /** Base URL other workers forward `/hosted/…` requests to (HOSTING_WORKER_ADDRESS). */
  @Column({ type: 'text' })
  address!: string;

  /** Which runtime driver the worker runs variants on (diagnostics). */
  @Column({ type: 'text' })
  runtime!: string;

  @Column({ type: 'timestamptz' })
  startedAt!: Date;

  @Column({ type: 'timestamptz' })
  heartbeatAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;
}
