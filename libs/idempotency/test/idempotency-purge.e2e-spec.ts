import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { dataSourceOptions, runMigrations } from '@platform/database';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { TestEnv, createTestEnv, schemaDrift, waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { DataSource, LessThanOrEqual, MoreThan } from 'typeorm';
import {
  IDEMPOTENCY_MIGRATION_SET,
  IDEMPOTENCY_PURGE_EVERY_MS,
  IDEMPOTENCY_PURGE_SCHEDULER_ID,
  IdempotencyPurgeModule,
  IdempotencyPurgeQueue,
  IdempotencyRecordEntity,
  purgeExpired,
} from '../src';

const HOUR_MS = 3600 * 1000;

describe('idempotency retention', () => {
  let env: TestEnv;
  let dataSource: DataSource;

  const records = () => dataSource.getRepository(IdempotencyRecordEntity);

  /** Completed records whose expiry is `offsetsMs` from now (negative: already expired). */
  async function insertRecords(label: string, offsetsMs: number[]): Promise<void> {
    const now = Date.now();
    await records().insert(
      offsetsMs.map((offset, i) => ({
        credentialId: randomUUID(),
        route: 'POST /mailboxes',
        idempotencyKey: `${label}-${i}-${randomUUID()}`,
        fingerprint: 'f'.repeat(64),
        state: 'COMPLETED' as const,
        claimId: randomUUID(),
        responseStatus: 202,
        responseHeaders: {},
        responseBody: { label },
        completedAt: new Date(now + offset - 24 * HOUR_MS),
        expiresAt: new Date(now + offset),
      })),
    );
  }

  beforeAll(async () => {
    env = await createTestEnv('idempotency-purge');
    const connection = { url: env.db.url, applicationName: 'idempotency-purge-spec' };
    await runMigrations(connection, [IDEMPOTENCY_MIGRATION_SET]);
    dataSource = await new DataSource(
      dataSourceOptions(connection, [IDEMPOTENCY_MIGRATION_SET]),
    ).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.teardown();
  });

  it('has a migration that matches the entity', async () => {
    expect(await schemaDrift(env.db.url, IDEMPOTENCY_MIGRATION_SET)).toEqual([]);
  });

  it('purgeExpired deletes expired records in batches and keeps fresh ones', async () => {
    await insertRecords('batch', [-3 * HOUR_MS, -2 * HOUR_MS, -1000, -1, 5 * 60_000, 23 * HOUR_MS]);
    const deleted = await purgeExpired(dataSource, new Date(), 3);
    expect(deleted).toBe(4);
    expect(await records().countBy({ expiresAt: LessThanOrEqual(new Date()) })).toBe(0);
    expect(await records().countBy({ expiresAt: MoreThan(new Date()) })).toBe(2);
    expect(await purgeExpired(dataSource, new Date(), 3)).toBe(0);
    await records().clear();
  });

  describe('the IdempotencyPurgeModule job', () => {
    let worker: INestApplicationContext;

    afterAll(async () => {
      await worker?.close();
    });

    it('is scheduled hourly and deletes expired records when it runs', async () => {
      await insertRecords('job', [-HOUR_MS, -1000, -1000, HOUR_MS]);
      const config = env.config('idempotency-worker');

      @Module({
        imports: [
          IdempotencyPurgeModule,
          QueueModule.forRoot(),
          ServiceKitModule.forRoot({
            config,
            errorFamily: 'domains',
            migrationSets: [IDEMPOTENCY_MIGRATION_SET],
          }),
        ],
      })
      class PurgeWorkerModule {}

      worker = await NestFactory.createApplicationContext(PurgeWorkerModule, { logger: false });
      await worker.init();

      const queue = worker.get<Queue>(getQueueToken(IdempotencyPurgeQueue.name));
      expect(await queue.getJobScheduler(IDEMPOTENCY_PURGE_SCHEDULER_ID)).toEqual(
        expect.objectContaining({ name: 'purge-expired', every: IDEMPOTENCY_PURGE_EVERY_MS }),
      );
      // An `every` scheduler runs its first job at once, then every hour.
      await waitFor(async () => (await records().countBy({ expiresAt: LessThanOrEqual(new Date()) })) === 0, {
        what: 'the purge job to delete expired records',
      });
      expect(await records().count()).toBe(1);
    });
  });
});
