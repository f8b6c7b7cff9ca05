import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { SessionLockBusyError, withSessionLock } from '@platform/database';
import { DelayedError, UnrecoverableError } from 'bullmq';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import type { OperationJobData, OperationPayload } from './operation-job';
import { OperationRecordBase } from './operation-record.entity';
import { OperationStatus } from './operation-status';
import { OperationFailureCode, PermanentFailure } from './operation.errors';
import { errorMessage, withDeadline } from '@platform/errors';

export type OperationEntity<E extends OperationRecordBase> = new () => E;

/** The fields a service adds to OperationRecordBase; the runner fills in the base ones. */
export type OperationFields<E extends OperationRecordBase> = Omit<E, keyof OperationRecordBase>;

export interface StartOperation<E extends OperationRecordBase> {
  readonly entity: OperationEntity<E>;
  readonly data: OperationFields<E>;
  readonly queue: Queue;
  readonly jobName: string;
  /** Ids the handler needs besides the record's own (which travels as `operationId`). */
  readonly payload?: OperationPayload;
  /** Other rows to commit in the same transaction as the record. */
  readonly alsoWrite?: (manager: EntityManager, record: E) => Promise<void>;
}

export interface OperationContext<E extends OperationRecordBase> {
  readonly record: E;
  readonly job: Job<OperationJobData>;
  /** 1 on the first run; counts stalled re-runs too. */
  readonly attempt: number;
  /** True when a retryable error now would fail the operation. */
  readonly finalAttempt: boolean;
}

/**
 * Database writes a handler wants applied exactly once: they run in the transaction that moves the
 * record to COMPLETED, and are dropped when another run already finished it.
 */
export type OperationCommit = (manager: EntityManager) => Promise<void>;

export type OperationHandler<E extends OperationRecordBase> = (
  context: OperationContext<E>,
) => Promise<OperationCommit | void>;

/** `skipped`: the record was already COMPLETED or FAILED (a duplicate or late run), nothing written. */
export type OperationOutcome = 'completed' | 'skipped';

export interface OrphanRecoveryOptions {
  /** Only records at least this old, so a start() between its commit and its enqueue is left alone. */
  readonly olderThanMs?: number;
  readonly limit?: number;
}

export interface OrphanRecovery {
  /** Records whose job was missing and has been added again. */
  readonly requeued: string[];
  /** Records whose job BullMQ had already failed, now marked FAILED. */
  readonly failed: string[];
}

interface Failure {
  readonly code: string;
  readonly message: string;
}

const ENQUEUE_TIMEOUT_MS = 5000;
/** How long a delivery of an operation that another run still holds waits before it looks again. */
export const BUSY_OPERATION_DELAY_MS = 5000;

export interface ExclusiveRunOptions {
  /** Names the session advisory lock, with the operation id appended: `hosting.import` → `hosting.import:<id>`. */
  readonly lockPrefix: string;
  /** The worker's lock token of the job (BullMQ's second argument to a processor). */
  readonly token: string | undefined;
  readonly busyDelayMs?: number;
}
const MAX_FAILURE_MESSAGE = 2000;

// QueryDeepPartialEntity<E> cannot be checked against an unresolved E; every key set here is a
// column of OperationRecordBase, which every E has.
function baseChanges<E extends OperationRecordBase>(
  changes: QueryDeepPartialEntity<OperationRecordBase>,
): QueryDeepPartialEntity<E> {
  return changes as QueryDeepPartialEntity<E>;
}

function describe(error: unknown): string {
  const text = errorMessage(error);
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && !text.startsWith(code) ? `${code}: ${text}` : text).slice(
    0,
    MAX_FAILURE_MESSAGE,
  );
}

/**
 * The operation-record pattern: a request commits a record in EXECUTING and enqueues a job whose
 * id is the record's id; a worker runs the handler and moves the record to COMPLETED or FAILED
 * exactly once, however many times BullMQ delivers the job (duplicate adds, retries, stalled re-runs).
 *
 * Not provided by QueueModule: list it in the providers of a module that has the TypeORM DataSource.
 */
@Injectable()
export class OperationRunner {
  private readonly logger = new Logger(OperationRunner.name);

  constructor(private readonly dataSource: DataSource) {}

  /** Commits the record in EXECUTING, then enqueues its job. Returns the record even when Redis is down. */
  async start<E extends OperationRecordBase>(request: StartOperation<E>): Promise<E> {
    const id = randomUUID();
    const jobData: OperationJobData = { ...request.payload, operationId: id };
    const record: E = Object.assign(new request.entity(), request.data, {
      id,
      status: OperationStatus.EXECUTING,
      failureCode: null,
      failureMessage: null,
      attempts: 0,
      jobQueue: request.queue.name,
      jobName: request.jobName,
      jobData,
      completedAt: null,
    });
    await this.dataSource.transaction(async (manager) => {
      // An entity instance is a valid insert value; TypeORM's partial type cannot show it for a generic E.
      await manager.getRepository(request.entity).insert(record as QueryDeepPartialEntity<E>);
      await request.alsoWrite?.(manager, record);
    });
    // The job is added only after the commit, so a worker never sees a job without its record.
    // If the process dies here, or Redis does not answer, the record stays EXECUTING with no job:
    // recoverOrphans(), run periodically by the service's worker, finds such records (older than
    // a grace period) and adds their job from the stored job_queue/job_name/job_data. The job id
    // is the record id, so a late add here and the recovery's add still make one job.
    await this.enqueue(request.queue, record);
    return record;
  }

  /** Runs `handler` for the operation of `job` unless it already finished; call it from the processor. */
  async execute<E extends OperationRecordBase>(
    entity: OperationEntity<E>,
    job: Job<OperationJobData>,
    handler: OperationHandler<E>,
  ): Promise<OperationOutcome> {
    const id: unknown = job.data?.operationId;
    if (typeof id !== 'string')
      throw new UnrecoverableError(`job ${job.id ?? '?'} (${job.name}) carries no operationId`);
    const record = await this.dataSource
      .getRepository(entity)
      .createQueryBuilder('op')
      .where('op.id = :id', { id })
      .getOne();
    if (!record) throw new UnrecoverableError(`operation ${id} does not exist`);
    if (record.status !== OperationStatus.EXECUTING) return 'skipped';
    const attempt = await this.countAttempt(entity, id);
    if (attempt === undefined) return 'skipped';
    record.attempts = attempt;
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      const commit = await handler({ record, job, attempt, finalAttempt });
      return (await this.complete(entity, id, commit || undefined)) ? 'completed' : 'skipped';
    } catch (error) {
      const failure = this.failureOf(error, finalAttempt);
      if (failure) await this.fail(this.dataSource.manager, entity, id, failure);
      if (error instanceof PermanentFailure) throw new UnrecoverableError(`${error.code}: ${error.message}`);
      throw error;
    }
  }

  /**
   * execute() while this process holds a session advisory lock on the operation, for handlers that
   * outlive one transaction (a build, a deployment, a bulk import): one run at a time, even across
   * workers. Another delivery of the same operation meanwhile (a stalled re-run while the first
   * worker still builds, or the orphan scan's re-add after Redis lost the job mid-run) goes back to
   * BullMQ's delayed set for `busyDelayMs` without spending an attempt (DelayedError), however long
   * the first run takes: spending them would let BullMQ fail the job, and recoverOrphans would then
   * fail the record (JOB_FAILED) under a run that is still working. Once the first run ends, the
   * waiting delivery finds the record finished and skips; if its worker died, Postgres released the
   * lock with its connection and the waiting delivery runs the operation.
   */
  async executeExclusive<E extends OperationRecordBase>(
    entity: OperationEntity<E>,
    job: Job<OperationJobData>,
    options: ExclusiveRunOptions,
    handler: OperationHandler<E>,
  ): Promise<OperationOutcome> {
    const key = `${options.lockPrefix}:${String(job.data?.operationId)}`;
    try {
      return await withSessionLock(this.dataSource, key, () => this.execute(entity, job, handler));
    } catch (error) {
      if (!(error instanceof SessionLockBusyError) || options.token === undefined) throw error;
      await job.moveToDelayed(Date.now() + (options.busyDelayMs ?? BUSY_OPERATION_DELAY_MS), options.token);
      throw new DelayedError(`${key} is still running elsewhere; looking again later`);
    }
  }

  /**
   * Repairs EXECUTING records older than `olderThanMs` (default 60 s) whose job is gone or failed:
   * a missing job (crash between commit and enqueue) is added again; a job BullMQ failed without the
   * runner recording it (stalled too often, database down on the last attempt) fails the record
   * with JOB_FAILED. Records of queues not in `queues` are left alone. Safe to run on every pod.
   */
  async recoverOrphans<E extends OperationRecordBase>(
    entity: OperationEntity<E>,
    queues: readonly Queue[],
    options: OrphanRecoveryOptions = {},
  ): Promise<OrphanRecovery> {
    const byName = new Map(queues.map((q) => [q.name, q]));
    const records = await this.dataSource
      .getRepository(entity)
      .createQueryBuilder('op')
      .where('op.status = :executing', { executing: OperationStatus.EXECUTING })
      .andWhere('op.createdAt < now() - make_interval(secs => :seconds)', {
        seconds: (options.olderThanMs ?? 60_000) / 1000,
      })
      .orderBy('op.createdAt', 'ASC')
      .limit(options.limit ?? 100)
      .getMany();
    const recovery: OrphanRecovery = { requeued: [], failed: [] };
    for (const record of records) {
      const queue = byName.get(record.jobQueue);
      if (!queue) continue;
      const job = await queue.getJob(record.id);
      if (!job) {
        await queue.add(record.jobName, record.jobData, { jobId: record.id });
        recovery.requeued.push(record.id);
      } else if (await job.isFailed()) {
        const failure = {
          code: OperationFailureCode.JOB_FAILED,
          message: (job.failedReason || 'job failed').slice(0, MAX_FAILURE_MESSAGE),
        };
        if (await this.fail(this.dataSource.manager, entity, record.id, failure))
          recovery.failed.push(record.id);
      }
    }
    return recovery;
  }

  private async enqueue(queue: Queue, record: OperationRecordBase): Promise<void> {
    try {
      await withDeadline(
        queue.add(record.jobName, record.jobData, { jobId: record.id }),
        ENQUEUE_TIMEOUT_MS,
        `no answer from Redis within ${ENQUEUE_TIMEOUT_MS} ms`,
      );
    } catch (error) {
      this.logger.warn(
        `operation ${record.id} saved but not enqueued, recoverOrphans will add it: ${describe(error)}`,
      );
    }
  }

  private async countAttempt<E extends OperationRecordBase>(
    entity: OperationEntity<E>,
    id: string,
  ): Promise<number | undefined> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(entity)
      .set(baseChanges<E>({ attempts: () => 'attempts + 1' }))
      .where('id = :id AND status = :executing', { id, executing: OperationStatus.EXECUTING })
      .returning(['attempts'])
      .execute();
    const rows = result.raw as { attempts: number }[];
    return rows[0]?.attempts;
  }

  private complete<E extends OperationRecordBase>(
    entity: OperationEntity<E>,
    id: string,
    commit: OperationCommit | undefined,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      // The guarded update takes the row lock first: a concurrent run blocks here, then finds the
      // status no longer EXECUTING, updates nothing and skips its commit.
      const done = await this.transition(manager, entity, id, {
        status: OperationStatus.COMPLETED,
        completedAt: () => 'CURRENT_TIMESTAMP',
      });
      if (done && commit) await commit(manager);
      return done;
    });
  }

  private fail<E extends OperationRecordBase>(
    manager: EntityManager,
    entity: OperationEntity<E>,
    id: string,
    failure: Failure,
  ): Promise<boolean> {
    return this.transition(manager, entity, id, {
      status: OperationStatus.FAILED,
      failureCode: failure.code,
      failureMessage: failure.message,
      completedAt: () => 'CURRENT_TIMESTAMP',
    });
  }

  private async transition<E extends OperationRecordBase>(
    manager: EntityManager,
    entity: OperationEntity<E>,
    id: string,
    changes: QueryDeepPartialEntity<OperationRecordBase>,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(entity)
      .set(baseChanges<E>(changes))
      .where('id = :id AND status = :executing', { id, executing: OperationStatus.EXECUTING })
      .execute();
    return result.affected === 1;
  }

  /** The failure to record now, or undefined when BullMQ should retry. */
  private failureOf(error: unknown, finalAttempt: boolean): Failure | undefined {
    if (error instanceof PermanentFailure)
      return { code: error.code, message: error.message.slice(0, MAX_FAILURE_MESSAGE) };
    if (error instanceof UnrecoverableError)
      return { code: OperationFailureCode.UNRECOVERABLE, message: describe(error) };
    if (finalAttempt) return { code: OperationFailureCode.RETRIES_EXHAUSTED, message: describe(error) };
    return undefined;
  }
}
