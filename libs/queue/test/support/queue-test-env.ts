import { dataSourceOptions, runMigrations } from '@platform/database';
import type { MigrationSet } from '@platform/database';
import { createTestDatabase, createTestRedis } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { QueueConfig } from '../../src/queue-connection';
import { QueueTestTables1763776800000 } from './queue-test.migration';
import { SideEffect } from './side-effect.entity';
import { TEST_SCHEMA, TestOperation } from './test-operation.entity';

export const queueTestSet: MigrationSet = {
  schema: TEST_SCHEMA,
  entities: [SideEffect, TestOperation],
  migrations: [QueueTestTables1763776800000],
};

export interface QueueTestEnv {
  readonly config: QueueConfig;
  readonly databaseUrl: string;
  readonly dataSource: DataSource;
  /** Closes the data source, drops the database and deletes the suite's Redis keys. */
  close(): Promise<void>;
}

/** A fresh database with the test tables migrated, and a Redis key prefix of its own. */
export async function createQueueTestEnv(label: string): Promise<QueueTestEnv> {
  const database = await createTestDatabase(label);
  const redis = createTestRedis(label);
  const connection = { url: database.url, applicationName: `queue-${label}` };
  await runMigrations(connection, [queueTestSet]);
  const dataSource = await new DataSource(dataSourceOptions(connection, [queueTestSet])).initialize();
  return {
    config: { redisUrl: redis.url, redisKeyPrefix: redis.prefix, serviceName: `queue-${label}` },
    databaseUrl: database.url,
    dataSource,
    async close() {
      await dataSource.destroy();
      await database.drop();
      await redis.cleanup();
    },
  };
}

export async function countSideEffects(dataSource: DataSource, operationId: string): Promise<number> {
  return dataSource.getRepository(SideEffect).countBy({ operationId });
}
