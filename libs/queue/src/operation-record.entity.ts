import { Column, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import type { OperationJobData } from './operation-job';
import { OperationStatus } from './operation-status';

/**
 * Columns of an asynchronous operation (a mailbox being provisioned, a deployment being built).
 * A service extends it with its own `@Entity({ schema, name })` and fields, and generates the
 * migration; the DDL it produces per table is:
 *
 *   id uuid PRIMARY KEY, status varchar(16) NOT NULL, failure_code varchar(64) NULL,
 *   failure_message text NULL, attempts integer NOT NULL DEFAULT 0,
 *   job_queue varchar(128) NOT NULL, job_name varchar(128) NOT NULL, job_data jsonb NOT NULL,
 *   created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now(),
 *   completed_at timestamptz NULL,
 *   INDEX ON (created_at) WHERE status = 'EXECUTING'    -- the orphan scan
 *
 * job_queue/job_name/job_data are what `OperationRunner.recoverOrphans` needs to enqueue again a
 * record whose job was never added (the process died between commit and enqueue).
 */
@Index(['createdAt'], { where: `status = '${OperationStatus.EXECUTING}'` })
export abstract class OperationRecordBase {
  /** Also the BullMQ job id, so enqueuing the same operation twice adds one job. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: OperationStatus;

  @Column({ type: 'varchar', length: 64, nullable: true })
  failureCode!: string | null;

  @Column({ type: 'text', nullable: true })
  failureMessage!: string | null;

  /** Times a worker started the handler, stalled re-runs included. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 128 })
  jobQueue!: string;

  @Column({ type: 'varchar', length: 128 })
  jobName!: string;

  @Column({ type: 'jsonb' })
  jobData!: OperationJobData;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;

  /** When the record reached COMPLETED or FAILED. */
  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
