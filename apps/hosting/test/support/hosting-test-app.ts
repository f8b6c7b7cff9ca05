import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import {
  TestCredential,
  TestEnv,
  WorkerHarness,
  createTestCredential,
  createTestEnv,
  startWorkerHarness,
  waitFor,
} from '@platform/testing';
import Redis from 'ioredis';
import type { InjectOptions, Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import { HostingAppModule } from '../../src/app.module';
import { HostingAppsQueue } from '../../src/modules/apps/apps.jobs';
import { HostingAppsProcessor } from '../../src/modules/apps/apps.processor';
import type { AppOperationResponse } from '../../src/modules/apps/apps.response';
import { HostingWorkerModule } from '../../src/worker.module';
import type { HostingWorkerOptions } from '../../src/worker.module';

/** The hosting API booted on a real, private database and Redis prefix for one suite. */
export interface HostingTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  newCredential(scopes: readonly Scope[], accountId?: string): Promise<TestCredential>;
  inject(opts: InjectOptions): Promise<Response>;
  /** Polls GET /v1/hosting/app-operations/{id} until COMPLETED or FAILED. */
  settled(operationId: string, cred: TestCredential, timeoutMs?: number): Promise<AppOperationResponse>;
  close(): Promise<void>;
}

/** Every hosting scope of both namespaces. */
export const ALL_HOSTING_SCOPES: Scope[] = [
  'hosting.application:create',
  'hosting.application:read',
  'hosting.application:update',
  'hosting.paas.apps:create',
  'hosting.paas.apps:read',
];

export async function startHostingTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<HostingTestApp> {
  // Suites share one loopback address: the per-IP limits are raised unless a suite tests them.
  const env = await createTestEnv(label, { RATE_LIMIT_IP_MULTIPLIER: '100', ...overrides });
  const app = await createServiceApp(HostingAppModule.forRoot(env.config('hosting')), { title: 'Hosting' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  const inject = (opts: InjectOptions): Promise<Response> => app.inject(opts);
  return {
    env,
    app,
    dataSource,
    newCredential: (scopes, accountId) => createTestCredential(dataSource, scopes, { accountId }),
    inject,
    settled: (operationId, cred, timeoutMs = 20_000) =>
      waitFor(
        async () => {
          const res = await inject({
            method: 'GET',
            url: `/v1/hosting/app-operations/${operationId}`,
            headers: cred.headers,
          });
          const body = res.json() as AppOperationResponse;
          return body.status === 'COMPLETED' || body.status === 'FAILED' ? body : undefined;
        },
        { what: `app operation ${operationId} to complete or fail`, timeoutMs },
      ),
    async close() {
      await app.close();
      await env.teardown();
    },
  };
}

export type HostingWorkerHarness = WorkerHarness;

export function startHostingWorker(
  env: TestEnv,
  options: HostingWorkerOptions = {},
): Promise<HostingWorkerHarness> {
  return startWorkerHarness(
    HostingWorkerModule.forRoot(env.config('hosting-worker'), options),
    HostingAppsProcessor,
    'Hosting worker',
  );
}

/**
 * What BullMQ's own clock does to a killed worker's job, without waiting for it: the job lock
 * lapses (lockDuration) and a stalled check marks the job (stalledInterval). The next worker's
 * first stalled check then moves it back to wait. Keys per BullMQ: `<prefix>:<queue>:…`.
 */
export async function expireJobLock(
  env: TestEnv,
  jobId: string,
  queueName: string = HostingAppsQueue.name,
): Promise<void> {
  const redis = new Redis(env.redis.url, { maxRetriesPerRequest: 2 });
  const key = (suffix: string): string => `${env.redis.prefix}:${queueName}:${suffix}`;
  try {
    await redis.del(key(`${jobId}:lock`), key('stalled-check'));
    await redis.sadd(key('stalled'), jobId);
  } finally {
    redis.disconnect();
  }
}
