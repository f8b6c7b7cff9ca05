import { Logger } from '@nestjs/common';
import { waitFor } from '@platform/testing';
import type { Job, JobState, Queue, Worker } from 'bullmq';
import { createJobDispatcher, declareQueue } from '../src/job-dispatcher';
import type { OperationJobData } from '../src/operation-job';
import { OperationRunner } from '../src/operation-runner.service';
import type { OperationCommit, OperationHandler } from '../src/operation-runner.service';
import { OperationStatus } from '../src/operation-status';
import { OperationFailureCode, PermanentFailure } from '../src/operation.errors';
import { createQueue, createQueueWorker } from '../src/queue-connection';
import { QueueDefaults } from '../src/queue-defaults';
import { countSideEffects, createQueueTestEnv } from './support/queue-test-env';
import type { QueueTestEnv } from './support/queue-test-env';
import { SideEffect } from './support/side-effect.entity';
import { TestOperation } from './support/test-operation.entity';

const WorkJobs = declareQueue({
  name: 'operations-work',
  jobs: ['complete', 'fail-permanently', 'fail-twice', 'always-fail'],
});
const ATTEMPTS = 3;

const recordEffect =
  (operationId: string): OperationCommit =>
  async (manager) => {
    await manager.insert(SideEffect, { operationId });
  };

describe('OperationRunner against real Postgres and Redis', () => {
  let env: QueueTestEnv;
  let runner: OperationRunner;
  let work: Queue;
  let idle: Queue;
  let raw: Queue;
  let worker: Worker<OperationJobData>;
  let rawWorker: Worker<OperationJobData>;
  /** Handler runs per operation id, counted by the worker's handlers. */
  const runs = new Map<string, number>();

  const load = (id: string): Promise<TestOperation> =>
    env.dataSource.getRepository(TestOperation).findOneByOrFail({ id });
  const settled = (id: string): Promise<TestOperation | undefined> =>
    waitFor(
      async () => {
        const record = await load(id);
        return record.status !== OperationStatus.EXECUTING ? record : undefined;
      },
      { what: `operation ${id} to finish` },
    );
  const jobState = (queue: Queue, id: string, state: JobState): Promise<boolean> =>
    waitFor(async () => (await queue.getJobState(id)) === state, { what: `job ${id} to be ${state}` });
  const startOn = (queue: Queue, jobName: string, label = jobName): Promise<TestOperation> =>
    runner.start({ entity: TestOperation, data: { label }, queue, jobName });
  const backdate = (id: string): Promise<unknown> =>
    env.dataSource.query(
      `UPDATE "queue_test"."test_operation" SET created_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );

  beforeAll(async () => {
    env = await createQueueTestEnv('operation-runner');
    runner = new OperationRunner(env.dataSource);
    // Short fixed backoff keeps retries fast; QueueDefaults themselves are checked in queue.module.spec.
    const jobOptions = { ...QueueDefaults, attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 20 } };
    work = createQueue(env.config, WorkJobs.name, { defaultJobOptions: jobOptions });
    idle = createQueue(env.config, 'operations-idle', { defaultJobOptions: jobOptions });
    raw = createQueue(env.config, 'operations-raw', { defaultJobOptions: { ...jobOptions, attempts: 1 } });

    const run = (handler: OperationHandler<TestOperation>) => (job: Job<OperationJobData>) =>
      runner.execute(TestOperation, job, async (context) => {
        runs.set(context.record.id, (runs.get(context.record.id) ?? 0) + 1);
        return handler(context);
      });
    const dispatcher = createJobDispatcher(WorkJobs, {
      complete: run(async ({ record }) => recordEffect(record.id)),
      'fail-permanently': run(async ({ record }) => {
        throw new PermanentFailure('LABEL_REJECTED', `label ${record.label} is not allowed`);
      }),
      'fail-twice': run(async ({ record, attempt }) => {
        if (attempt < 3) throw new Error(`flaky dependency, attempt ${attempt}`);
        return recordEffect(record.id);
      }),
      'always-fail': run(async () => {
        throw new Error('the provider is down');
      }),
    });
    worker = createQueueWorker(env.config, WorkJobs.name, (job: Job<OperationJobData>) =>
      dispatcher.dispatch(job),
    );
    // Fails its jobs without going through the runner, as BullMQ does to a job stalled too often.
    rawWorker = createQueueWorker(env.config, raw.name, async () => {
      throw new Error('job stalled more than allowable limit');
    });
    await Promise.all([worker.waitUntilReady(), rawWorker.waitUntilReady()]);
  });

  afterAll(async () => {
    await Promise.all([worker?.close(), rawWorker?.close()]);
    await Promise.all([work?.close(), idle?.close(), raw?.close()]);
    await env?.close();
  });

  it('applies a migration that matches the entities (no schema drift)', async () => {
    const pending = await env.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('start commits an EXECUTING record and enqueues one job whose id is the record id and whose payload holds ids only', async () => {
    const record = await runner.start({
      entity: TestOperation,
      data: { label: 'queued' },
      queue: idle,
      jobName: 'complete',
      payload: { storeId: 'store-1' },
    });

    expect(record.createdAt).toBeInstanceOf(Date);
    const stored = await load(record.id);
    expect(stored).toMatchObject({
      status: OperationStatus.EXECUTING,
      attempts: 0,
      label: 'queued',
      jobQueue: idle.name,
      jobName: 'complete',
      completedAt: null,
      failureCode: null,
    });
    const job = await idle.getJob(record.id);
    expect(job?.name).toBe('complete');
    expect(job?.data).toEqual({ storeId: 'store-1', operationId: record.id });
  });

  it('start commits the caller’s other writes in the same transaction as the record', async () => {
    await expect(
      runner.start({
        entity: TestOperation,
        data: { label: 'rolled-back' },
        queue: idle,
        jobName: 'complete',
        alsoWrite: async (manager, record) => {
          await manager.insert(SideEffect, { operationId: record.id });
          throw new Error('domain write failed');
        },
      }),
    ).rejects.toThrow('domain write failed');

    expect(await env.dataSource.getRepository(TestOperation).countBy({ label: 'rolled-back' })).toBe(0);
    expect(await env.dataSource.getRepository(SideEffect).count()).toBe(0);
  });

  it('a successful handler moves the record to COMPLETED with completedAt, once', async () => {
    const record = await startOn(work, 'complete');

    const done = await settled(record.id);

    expect(done).toMatchObject({
      status: OperationStatus.COMPLETED,
      attempts: 1,
      failureCode: null,
      failureMessage: null,
    });
    expect(done?.completedAt).toBeInstanceOf(Date);
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
    expect(await jobState(work, record.id, 'completed')).toBe(true);
  });

  it('a PermanentFailure fails the record at once with its code and message, without retries', async () => {
    const record = await startOn(work, 'fail-permanently', 'bad-label');

    const done = await settled(record.id);

    expect(done).toMatchObject({
      status: OperationStatus.FAILED,
      failureCode: 'LABEL_REJECTED',
      failureMessage: 'label bad-label is not allowed',
      attempts: 1,
    });
    expect(done?.completedAt).toBeInstanceOf(Date);
    await jobState(work, record.id, 'failed');
    expect((await work.getJob(record.id))?.attemptsMade).toBe(1);
  });

  it('a transient error is retried with backoff and the record then COMPLETED', async () => {
    const record = await startOn(work, 'fail-twice');

    const done = await settled(record.id);

    expect(done).toMatchObject({ status: OperationStatus.COMPLETED, attempts: 3, failureCode: null });
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
  });

  it('when the last attempt fails the record becomes FAILED with RETRIES_EXHAUSTED', async () => {
    const record = await startOn(work, 'always-fail');

    const done = await settled(record.id);

    expect(done).toMatchObject({
      status: OperationStatus.FAILED,
      failureCode: OperationFailureCode.RETRIES_EXHAUSTED,
      failureMessage: 'the provider is down',
      attempts: ATTEMPTS,
    });
    await jobState(work, record.id, 'failed');
    expect((await work.getJob(record.id))?.attemptsMade).toBe(ATTEMPTS);
  });

  it('adding the same operation again, before or after it ran, runs its handler once', async () => {
    const record = await startOn(work, 'complete', 'duplicate');
    await work.add(record.jobName, record.jobData, { jobId: record.id });
    await settled(record.id);
    await work.add(record.jobName, record.jobData, { jobId: record.id });

    // One worker, one job at a time, in order: once a later operation is done, any duplicate ran.
    const later = await startOn(work, 'complete', 'after-duplicate');
    await settled(later.id);

    expect(runs.get(record.id)).toBe(1);
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
    expect((await load(record.id)).attempts).toBe(1);
  });

  it('execute on a COMPLETED record returns skipped without running the handler', async () => {
    const record = await startOn(work, 'complete', 'rerun');
    const before = await settled(record.id);
    const job = (await work.getJob(record.id)) as Job<OperationJobData>;
    const handler = jest.fn<
      ReturnType<OperationHandler<TestOperation>>,
      Parameters<OperationHandler<TestOperation>>
    >();

    const outcome = await runner.execute(TestOperation, job, handler);

    expect(outcome).toBe('skipped');
    expect(handler).not.toHaveBeenCalled();
    expect(await load(record.id)).toEqual(before);
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
  });

  it('two concurrent runs of one operation complete it once and apply its commit once', async () => {
    const record = await startOn(idle, 'complete', 'concurrent');
    const job = (await idle.getJob(record.id)) as Job<OperationJobData>;
    let inside = 0;
    let release: () => void = () => undefined;
    const bothInside = new Promise<void>((resolve) => (release = resolve));
    const handler: OperationHandler<TestOperation> = async () => {
      inside += 1;
      if (inside === 2) release();
      await bothInside;
      return recordEffect(record.id);
    };

    const outcomes = await Promise.all([
      runner.execute(TestOperation, job, handler),
      runner.execute(TestOperation, job, handler),
    ]);

    expect(outcomes.sort()).toEqual(['completed', 'skipped']);
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
    expect(await load(record.id)).toMatchObject({ status: OperationStatus.COMPLETED, attempts: 2 });
  });

  it('recoverOrphans adds the job of an old EXECUTING record that has none, and the worker completes it', async () => {
    const orphan = await env.dataSource.getRepository(TestOperation).save(
      Object.assign(new TestOperation(), {
        id: '00000000-0000-4000-8000-000000000001',
        label: 'orphan',
        status: OperationStatus.EXECUTING,
        attempts: 0,
        jobQueue: work.name,
        jobName: 'complete',
        jobData: { operationId: '00000000-0000-4000-8000-000000000001' },
        failureCode: null,
        failureMessage: null,
        completedAt: null,
      }),
    );
    await backdate(orphan.id);

    const recovery = await runner.recoverOrphans(TestOperation, [work, idle, raw], { olderThanMs: 60_000 });

    expect(recovery.requeued).toContain(orphan.id);
    expect(await settled(orphan.id)).toMatchObject({ status: OperationStatus.COMPLETED, attempts: 1 });
    expect(await countSideEffects(env.dataSource, orphan.id)).toBe(1);
  });

  it('recoverOrphans leaves alone records younger than the grace period and records whose job is still queued', async () => {
    const young = await startOn(idle, 'complete', 'young');
    await idle.remove(young.id);
    const queued = await startOn(idle, 'complete', 'queued-old');
    await backdate(queued.id);

    const recovery = await runner.recoverOrphans(TestOperation, [work, idle, raw], { olderThanMs: 60_000 });

    expect(recovery.requeued).not.toContain(young.id);
    expect(recovery.requeued).not.toContain(queued.id);
    expect(recovery.failed).not.toContain(queued.id);
    expect(await idle.getJob(young.id)).toBeUndefined();
    expect((await load(queued.id)).status).toBe(OperationStatus.EXECUTING);
  });

  it('recoverOrphans fails a record whose job BullMQ failed behind the runner’s back, with JOB_FAILED', async () => {
    const record = await startOn(raw, 'complete', 'lost-job');
    await jobState(raw, record.id, 'failed');
    await backdate(record.id);

    const recovery = await runner.recoverOrphans(TestOperation, [work, idle, raw], { olderThanMs: 60_000 });

    expect(recovery.failed).toEqual([record.id]);
    expect(await load(record.id)).toMatchObject({
      status: OperationStatus.FAILED,
      failureCode: OperationFailureCode.JOB_FAILED,
      failureMessage: 'job stalled more than allowable limit',
    });
  });

  it('start still returns the EXECUTING record when Redis refuses the job, and recovery enqueues it later', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const closed = createQueue(env.config, WorkJobs.name);
    await closed.close();

    const record = await startOn(closed, 'complete', 'redis-down');

    expect(record.status).toBe(OperationStatus.EXECUTING);
    expect(await work.getJob(record.id)).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(record.id));
    warn.mockRestore();

    await backdate(record.id);
    const recovery = await runner.recoverOrphans(TestOperation, [work], { olderThanMs: 60_000 });

    expect(recovery.requeued).toContain(record.id);
    expect(await settled(record.id)).toMatchObject({ status: OperationStatus.COMPLETED, attempts: 1 });
  });
});
