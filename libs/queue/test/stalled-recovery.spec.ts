import { waitFor } from '@platform/testing';
import type { Job, Queue, Worker } from 'bullmq';
import type { OperationJobData } from '../src/operation-job';
import { OperationRunner } from '../src/operation-runner.service';
import type { OperationOutcome } from '../src/operation-runner.service';
import { OperationStatus } from '../src/operation-status';
import { createQueue, createQueueWorker } from '../src/queue-connection';
import { countSideEffects, createQueueTestEnv } from './support/queue-test-env';
import type { QueueTestEnv } from './support/queue-test-env';
import { SideEffect } from './support/side-effect.entity';
import { TestOperation } from './support/test-operation.entity';

// Production runs WorkerDefaults (30 s lock, 30 s checks); the same mechanism, scaled down.
const FAST_STALL = { lockDuration: 1000, stalledInterval: 500, maxStalledCount: 1 };

describe('stalled job recovery', () => {
  let env: QueueTestEnv;
  let runner: OperationRunner;
  let queue: Queue;
  const workers: Worker<OperationJobData>[] = [];

  beforeAll(async () => {
    env = await createQueueTestEnv('stalled');
    runner = new OperationRunner(env.dataSource);
    queue = createQueue(env.config, 'operations-stalled');
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close(true)));
    await queue?.close();
    await env?.close();
  });

  it('a job whose worker dies mid-run is taken over by another worker and its operation completes exactly once', async () => {
    let releaseFirst: () => void = () => undefined;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted = false;
    const outcomes: Record<'first' | 'second', Promise<OperationOutcome> | undefined> = {
      first: undefined,
      second: undefined,
    };
    const workerErrors: Error[] = [];

    const spawn = (who: 'first' | 'second'): Worker<OperationJobData> => {
      const worker = createQueueWorker(
        env.config,
        queue.name,
        (job: Job<OperationJobData>) => {
          const outcome = runner.execute(TestOperation, job, async ({ record }) => {
            if (who === 'first') {
              firstStarted = true;
              await firstMayFinish;
            }
            return async (manager) => {
              await manager.insert(SideEffect, { operationId: record.id });
            };
          });
          outcomes[who] = outcome;
          return outcome;
        },
        FAST_STALL,
      );
      // The dead worker's late completion fails against its closed connection; that is expected.
      worker.on('error', (error) => workerErrors.push(error));
      workers.push(worker);
      return worker;
    };

    const first = spawn('first');
    const record = await runner.start({
      entity: TestOperation,
      data: { label: 'stalled' },
      queue,
      jobName: 'complete',
    });
    await waitFor(() => firstStarted, { what: 'the first worker to start the job' });

    // As if the pod were killed: no lock renewal, no completion, the handler never reports back.
    await first.close(true);
    spawn('second');

    const done = await waitFor(
      async () => {
        const current = await env.dataSource.getRepository(TestOperation).findOneByOrFail({ id: record.id });
        return current.status === OperationStatus.COMPLETED ? current : undefined;
      },
      { timeoutMs: 10_000, what: 'the second worker to complete the operation' },
    );
    await waitFor(async () => (await queue.getJobState(record.id)) === 'completed', {
      what: 'the job to be completed',
    });

    // The first run wakes up late, as a paused process would: its commit must not apply.
    releaseFirst();
    expect(await outcomes.first).toBe('skipped');
    expect(await outcomes.second).toBe('completed');
    expect(done.attempts).toBe(2);
    expect(await countSideEffects(env.dataSource, record.id)).toBe(1);
    const job = await queue.getJob(record.id);
    expect(job?.attemptsStarted).toBe(2);
    expect(job?.stalledCounter).toBe(1);
  });
});
