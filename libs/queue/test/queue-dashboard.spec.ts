import { Processor, WorkerHost, getQueueToken } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, PLATFORM_CONFIG, loadPlatformConfig } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { createTestRedis, waitFor } from '@platform/testing';
import type { TestRedis } from '@platform/testing';
import type { Queue } from 'bullmq';
import { QUEUE_DASHBOARD_PATH, isDashboardCredential } from '../src/queue-dashboard';
import { QueueModule } from '../src/queue.module';

const QUEUE = 'dashboard-ping';
const PASSWORD = 'correct horse battery staple';

@Processor(QUEUE)
class FailingProcessor extends WorkerHost {
  async process(): Promise<void> {
    throw new Error('always fails');
  }
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

describe('queue dashboard (Bull Board on the worker port)', () => {
  let redis: TestRedis;
  const apps: NestFastifyApplication[] = [];

  function configOf(env: Record<string, string>): PlatformConfig {
    return loadPlatformConfig({
      serviceName: 'dashboard-spec',
      defaultPort: 0,
      env: {
        REDIS_URL: redis.url,
        REDIS_KEY_PREFIX: redis.prefix,
        SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32),
        ...env,
      },
    });
  }

  /** A process on Fastify with QueueModule, and (a worker) a processor, or (an API) none. */
  async function start(env: Record<string, string>, worker = true): Promise<NestFastifyApplication> {
    const config = configOf(env);
    @Global()
    @Module({ providers: [{ provide: PLATFORM_CONFIG, useValue: config }], exports: [PLATFORM_CONFIG] })
    class ConfigStubModule {}
    @Module({
      imports: [ConfigStubModule, QueueModule.forRoot(), QueueModule.registerQueues(QUEUE)],
      providers: worker ? [FailingProcessor] : [],
    })
    class ProcessModule {}
    const app = await NestFactory.create<NestFastifyApplication>(ProcessModule, new FastifyAdapter(), {
      logger: false,
    });
    apps.push(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  }

  const get = (app: NestFastifyApplication, url: string, authorization?: string) =>
    app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  async function failedJob(app: NestFastifyApplication): Promise<void> {
    const queue = app.get<Queue>(getQueueToken(QUEUE));
    await queue.add('ping', { n: 1 }, { attempts: 1 });
    await waitFor(async () => (await queue.getFailedCount()) === 1 || undefined, {
      timeoutMs: 10_000,
      what: 'the job to fail',
    });
  }

  beforeAll(() => {
    redis = createTestRedis('queue-dashboard');
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await redis.cleanup();
  });

  afterAll(async () => {
    await redis?.cleanup();
  });

  it('refuses a missing or wrong credential with 401 and a Basic challenge', async () => {
    const app = await start({ QUEUE_DASHBOARD_PASSWORD: PASSWORD });
    for (const authorization of [
      undefined,
      basic('admin', 'wrong password!'),
      basic('root', PASSWORD),
      'Bearer pat_x',
    ]) {
      const res = await get(app, `${QUEUE_DASHBOARD_PATH}/api/queues`, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="queue dashboard"/);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(res.body).not.toContain(PASSWORD);
    }
  });

  it("serves the UI and lists the worker's queues with their jobs, read-only by default", async () => {
    const app = await start({ QUEUE_DASHBOARD_PASSWORD: PASSWORD });
    await failedJob(app);
    const auth = basic('admin', PASSWORD);

    const ui = await get(app, QUEUE_DASHBOARD_PATH, auth);
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);

    const list = await get(
      app,
      `${QUEUE_DASHBOARD_PATH}/api/queues?activeQueue=${QUEUE}&status=failed`,
      auth,
    );
    expect(list.statusCode).toBe(200);
    const queues = (
      list.json() as { queues: { name: string; readOnlyMode: boolean; counts: { failed: number } }[] }
    ).queues;
    expect(queues.map((q) => q.name)).toEqual([QUEUE]);
    expect(queues[0].readOnlyMode).toBe(true);
    expect(queues[0].counts.failed).toBe(1);

    const retry = await app.inject({
      method: 'PUT',
      url: `${QUEUE_DASHBOARD_PATH}/api/queues/${QUEUE}/retry/failed`,
      headers: { authorization: auth },
    });
    expect(retry.statusCode).toBe(405);
    expect(await app.get<Queue>(getQueueToken(QUEUE)).getFailedCount()).toBe(1);
  });

  it('lets an operator act on jobs when QUEUE_DASHBOARD_WRITABLE=true', async () => {
    const app = await start({ QUEUE_DASHBOARD_PASSWORD: PASSWORD, QUEUE_DASHBOARD_WRITABLE: 'true' });
    const pause = await app.inject({
      method: 'PUT',
      url: `${QUEUE_DASHBOARD_PATH}/api/queues/${QUEUE}/pause`,
      headers: { authorization: basic('admin', PASSWORD) },
    });
    expect(pause.statusCode).toBe(200);
    expect(await app.get<Queue>(getQueueToken(QUEUE)).isPaused()).toBe(true);
  });

  it('is not served without a password, nor by a process without processors (an API)', async () => {
    const off = await start({});
    expect((await get(off, QUEUE_DASHBOARD_PATH, basic('admin', PASSWORD))).statusCode).toBe(404);
    const api = await start({ QUEUE_DASHBOARD_PASSWORD: PASSWORD }, false);
    expect((await get(api, QUEUE_DASHBOARD_PATH, basic('admin', PASSWORD))).statusCode).toBe(404);
  });

  it('refuses a short password and a bad WRITABLE value at start-up', () => {
    expect(() => configOf({ QUEUE_DASHBOARD_PASSWORD: 'short' })).toThrow(ConfigError);
    expect(() => configOf({ QUEUE_DASHBOARD_WRITABLE: 'yes' })).toThrow(ConfigError);
    expect(configOf({}).queueDashboard).toEqual({ password: undefined, writable: false });
  });

  it('compares credentials exactly', () => {
    expect(isDashboardCredential(basic('admin', PASSWORD), PASSWORD)).toBe(true);
    expect(isDashboardCredential(basic('admin', `${PASSWORD} `), PASSWORD)).toBe(false);
    expect(isDashboardCredential(basic('admin', PASSWORD).toLowerCase(), PASSWORD)).toBe(false);
    expect(isDashboardCredential('Basic !!!', PASSWORD)).toBe(false);
    expect(isDashboardCredential(undefined, PASSWORD)).toBe(false);
  });
});
