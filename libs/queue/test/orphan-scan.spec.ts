import { getQueueToken } from '@nestjs/bullmq';
import { Global, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PLATFORM_CONFIG, loadPlatformConfig } from '@platform/config';
import { waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { declareQueue } from '../src/job-dispatcher';
import type { QueueDeclaration } from '../src/job-dispatcher';
import { OperationRunner } from '../src/operation-runner.service';
import { OperationStatus } from '../src/operation-status';
import {
  ORPHAN_SCAN_EVERY_MS,
  SCAN_ORPHANS_JOB,
  orphanScanQueue,
  orphanScanSchedulerId,
} from '../src/orphan-scan.jobs';
import { OrphanScanModule } from '../src/orphan-scan.module';
import { createQueue } from '../src/queue-connection';
import { QueueModule } from '../src/queue.module';
import { createQueueTestEnv } from './support/queue-test-env';
import type { QueueTestEnv } from './support/queue-test-env';
import { TestOperation } from './support/test-operation.entity';

/** Two kinds of operation (the same entity on two queues, as hosting runs three scans in one worker). */
const Provisions = declareQueue({ name: 'scan-provisions', jobs: ['provision'] });
const Renewals = declareQueue({ name: 'scan-renewals', jobs: ['renew'] });

describe('OrphanScanModule: the orphan scan of an operation queue as a job scheduler in the worker', () => {
  let env: QueueTestEnv;
  let provisions: Queue;
  let app: INestApplicationContext;
  let lost: TestOperation;

  const scansOf = (operations: QueueDeclaration): Queue =>
    app.get<Queue>(getQueueToken(orphanScanQueue(operations).name));

  beforeAll(async () => {
    env = await createQueueTestEnv('orphan-scan');
    provisions = createQueue(env.config, Provisions.name);
    // Committed, but its job is gone (the API died before the add, or Redis lost it) a while ago.
    lost = await new OperationRunner(env.dataSource).start({
      entity: TestOperation,
      data: { label: 'lost' },
      queue: provisions,
      jobName: 'provision',
    });
    await provisions.remove(lost.id);
    await env.dataSource.query(
      `UPDATE "queue_test"."test_operation" SET created_at = now() - interval '10 minutes' WHERE id = $1`,
      [lost.id],
    );

    const config = loadPlatformConfig({
      serviceName: 'orphan-scan-spec',
      defaultPort: 0,
      env: {
        REDIS_URL: env.config.redisUrl,
        REDIS_KEY_PREFIX: env.config.redisKeyPrefix,
        SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32),
      },
    });
    @Global()
    @Module({
      providers: [
        { provide: PLATFORM_CONFIG, useValue: config },
        { provide: DataSource, useValue: env.dataSource },
      ],
      exports: [DataSource, PLATFORM_CONFIG],
    })
    class InfrastructureStub {}
    @Module({
      imports: [
        InfrastructureStub,
        OrphanScanModule.forOperations({ entity: TestOperation, operations: Provisions }),
        OrphanScanModule.forOperations({ entity: TestOperation, operations: Renewals }),
        QueueModule.forRoot(),
      ],
    })
    class WorkerModule {}
    app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  });

  afterAll(async () => {
    await app?.close();
    await provisions?.close();
    await env?.close();
  });

  it('declares one scheduler per scanned queue at boot, every minute', async () => {
    for (const operations of [Provisions, Renewals]) {
      expect(await scansOf(operations).getJobScheduler(orphanScanSchedulerId(operations))).toEqual(
        expect.objectContaining({ name: SCAN_ORPHANS_JOB, every: ORPHAN_SCAN_EVERY_MS }),
      );
    }
  });

  it('re-adds, in its first run, the job of a record left EXECUTING without one, on its own queue only', async () => {
    const job = await waitFor(() => provisions.getJob(lost.id), { what: 'the scan to re-add the lost job' });
    expect(job).toMatchObject({ name: 'provision', data: { operationId: lost.id } });
    const [run] = await waitFor(
      async () => {
        const done = await scansOf(Provisions).getJobs(['completed']);
        return done.length > 0 && done;
      },
      { what: 'the first scan to complete' },
    );
    expect(run.returnvalue).toEqual({ requeued: [lost.id], failed: [] });
    const record = await env.dataSource.getRepository(TestOperation).findOneByOrFail({ id: lost.id });
    expect(record.status).toBe(OperationStatus.EXECUTING);
  });

  it('declares the scheduler again when the Redis connection comes back without it (a restart lost it)', async () => {
    const scans = scansOf(Provisions);
    const schedulerId = orphanScanSchedulerId(Provisions);
    await scans.removeJobScheduler(schedulerId);
    expect(await scans.getJobScheduler(schedulerId)).toBeUndefined();

    (await scans.client).disconnect(true);

    expect(
      await waitFor(() => scans.getJobScheduler(schedulerId), { what: 'the scheduler to be declared again' }),
    ).toEqual(expect.objectContaining({ name: SCAN_ORPHANS_JOB, every: ORPHAN_SCAN_EVERY_MS }));
  });
});
