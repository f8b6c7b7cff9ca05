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
import { loadHostingConfig, loadHostingWorkerConfig } from '../../src/config/hosting.config';
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

/**
 * What config/hosting.config.ts reads for a process of the suite: hosting's own variables of the
 * shell that runs Jest (e.g. HOSTING_UNISOLATED=allow on a host without sandboxes), then the
 * suite's environment (`env.env`), then `more`; PORT 0.
 */
export function hostingEnv(
  env: TestEnv,
  more: Record<string, string> = {},
): Record<string, string | undefined> {
  const shell = Object.entries(process.env).filter(([name]) => name.startsWith('HOSTING_'));
  return { ...Object.fromEntries(shell), ...env.env, PORT: '0', ...more };
}

/**
 * The hosting API as main.ts boots it, in-process on a private database and Redis prefix;
 * `overrides` are environment variables (hosting's own too, e.g. HOSTING_DATA_DIR), which the
 * suite's workers (startHostingWorker) read as well.
 */
export async function startHostingTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<HostingTestApp> {
  // Suites share one loopback address: the per-IP limits are raised unless a suite tests them.
  const env = await createTestEnv(label, { RATE_LIMIT_IP_MULTIPLIER: '100', ...overrides });
  const app = await createServiceApp(HostingAppModule.forRoot(loadHostingConfig(hostingEnv(env))), {
    title: 'Hosting',
  });
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

export interface StartHostingWorkerOptions extends HostingWorkerOptions {
  /** Environment variables of this worker on top of the suite's (e.g. HOSTING_APP_EGRESS). */
  readonly overrides?: Record<string, string>;
}

/** The hosting worker as worker.ts boots it, in-process, with the suite's environment (`env.env`). */
export function startHostingWorker(
  env: TestEnv,
  { overrides = {}, ...options }: StartHostingWorkerOptions = {},
): Promise<HostingWorkerHarness> {
  return startWorkerHarness(
    HostingWorkerModule.forRoot(loadHostingWorkerConfig(hostingEnv(env, overrides)), options),
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
