import { waitFor } from '@platform/testing';
import type { Job, Queue, Worker } from 'bullmq';
import { Client } from 'pg';
import type { OperationJobData } from '../src/operation-job';
import { OperationRunner } from '../src/operation-runner.service';
import type { OperationOutcome } from '../src/operation-runner.service';
import { OperationStatus } from '../src/operation-status';
import { createQueue, createQueueWorker } from '../src/queue-connection';
import { QueueDefaults } from '../src/queue-defaults';
import { countSideEffects, createQueueTestEnv } from './support/queue-test-env';
import type { QueueTestEnv } from './support/queue-test-env';
import { SideEffect } from './support/side-effect.entity';
import { TestOperation } from './support/test-operation.entity';

const LOCK_PREFIX = 'queue-test.exclusive';
/** Two attempts: a delivery that spent one per look at a busy operation would fail on its second. */
const ATTEMPTS = 2;
const BUSY_DELAY_MS = 100;

/**
 * OperationRunner.executeExclusive against real Postgres and Redis: a second delivery of an
 * operation whose run is still going waits without spending attempts (so BullMQ never fails it and
 * the orphan scan never fails the record under the live run), and runs it once the lock is free.
 */
describe('OperationRunner.executeExclusive (real Postgres and Redis)', () => {
  let env: QueueTestEnv;
  let runner: OperationRunner;
  let queue: Queue;
  let worker: Worker<OperationJobData>;
  let holder: Client;
  /** Runs of the handler per operation id, and the gate a run of label 'held' waits at. */
  const runs = new Map<string, number>();
  let releaseHeld: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseHeld = resolve));
  const outcomes = new Map<string, Promise<OperationOutcome>>();

  beforeAll(async () => {
    env = await createQueueTestEnv('exclusive-run');
    runner = new OperationRunner(env.dataSource);
    queue = createQueue(env.config, 'operations-exclusive', {
      defaultJobOptions: { ...QueueDefaults, attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 20 } },
    });
    worker = createQueueWorker(
      env.config,
      queue.name,
      (job: Job<OperationJobData>, token?: string) => {
        const outcome = runner.executeExclusive(
          TestOperation,
          job,
          { lockPrefix: LOCK_PREFIX, token, busyDelayMs: BUSY_DELAY_MS },
          async ({ record }) => {
            runs.set(record.id, (runs.get(record.id) ?? 0) + 1);
            if (record.label === 'held') await held;
            return async (manager) => {
              await manager.insert(SideEffect, { operationId: record.id });
            };
          },
        );
        outcomes.set(String(job.id), outcome);
        return outcome;
      },
      { concurrency: 2 },
    );
    holder = new Client({ connectionString: env.databaseUrl });
    await Promise.all([worker.waitUntilReady(), holder.connect()]);
  });

  afterAll(async () => {
    releaseHeld();
    await worker?.close();
    await queue?.close();
    await holder?.end().catch(() => undefined);
    await env?.close();
  });

  const load = (id: string) => env.dataSource.getRepository(TestOperation).findOneByOrFail({ id });
  const started = (jobId: string, times: number) =>
    waitFor(async () => ((await queue.getJob(jobId))?.attemptsStarted ?? 0) >= times, {
      what: `job ${jobId} to be taken ${times} times`,
    });

  it('a second delivery during a run waits without spending attempts, and skips once the run completed', async () => {
    const record = await runner.start({
      entity: TestOperation,
      data: { label: 'held' },
      queue,
      jobName: 'run',
    });
    await waitFor(() => runs.get(record.id) === 1, { what: 'the first run to start' });

    // As the orphan scan re-adds a job Redis lost while its run goes on: the same operation again.
    const duplicate = await queue.add('run', record.jobData, { jobId: `${record.id}-again` });
    const duplicateId = String(duplicate.id);
    // Taken four times with two attempts: no look at the busy operation spent one.
    await started(duplicateId, 4);
    const waiting = await queue.getJob(duplicateId);
    expect(waiting?.attemptsMade).toBe(0);
    expect(await queue.getJobState(duplicateId)).not.toBe('failed');
    expect(await runner.recoverOrphans(TestOperation, [queue], { olderThanMs: 0 })).toEqual({
      requeued: [],
      failed: [],
    });
    expect((await load(record.id)).status).toBe(OperationStatus.EXECUTING);

    releaseHeld();
    await waitFor(async () => (await queue.getJobState(duplicateId)) === 'completed', {
      what: 'the duplicate delivery to end',
    });
    expect(await outcomes.get(record.id)).toBe('completed');
    expect(await outcomes.get(duplicateId)).toBe('skipped');
    expect(runs.get(record.id)).toBe(1);
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
    expect(await load(record.id)).toMatchObject({ status: OperationStatus.COMPLETED, attempts: 1 });
  });

  it('runs the operation once the holder of its lock is gone (a worker that died mid-run)', async () => {
    const id = '00000000-0000-4000-8000-0000000000e1';
    // A run elsewhere holds the operation: its worker's session lock, taken before the job exists.
    const taken = await holder.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [
      `${LOCK_PREFIX}:${id}`,
    ]);
    expect(taken.rows[0].locked).toBe(true);
    await env.dataSource.getRepository(TestOperation).insert({
      id,
      label: 'orphan',
      status: OperationStatus.EXECUTING,
      failureCode: null,
      failureMessage: null,
      attempts: 0,
      jobQueue: queue.name,
      jobName: 'run',
      jobData: { operationId: id },
      completedAt: null,
    });
    await queue.add('run', { operationId: id }, { jobId: id });
    await started(id, 3);
    expect(runs.get(id)).toBeUndefined();

    // That worker dies: Postgres ends its session and with it the lock.
    await holder.end();
    await waitFor(async () => (await queue.getJobState(id)) === 'completed', { what: 'the job to run' });
    expect(await outcomes.get(id)).toBe('completed');
    expect(runs.get(id)).toBe(1);
    expect(await countSideEffects(env.dataSource, id)).toBe(1);
    expect(await load(id)).toMatchObject({ status: OperationStatus.COMPLETED, attempts: 1 });
    // BullMQ counts the attempt that completed it, and nothing for the looks before.
    expect((await queue.getJob(id))?.attemptsMade).toBe(1);
  });
});
