import { getQueueToken, Processor } from '@nestjs/bullmq';
import { Global, INestApplicationContext, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadPlatformConfig, PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { createTestRedis, waitFor } from '@platform/testing';
import type { TestRedis } from '@platform/testing';
import type { Job, Queue } from 'bullmq';
import { createJobDispatcher, declareQueue } from '../src/job-dispatcher';
import type { JobHandlers } from '../src/job-dispatcher';
import { JobDispatcherHost } from '../src/job-dispatcher.host';
import {
  PlatformQueue,
  PlatformWorker,
  QuietlyClosingConnection,
  createQueueConnection,
} from '../src/queue-connection';
import { QueueDefaults, WorkerDefaults } from '../src/queue-defaults';
import { QueueModule } from '../src/queue.module';

interface Ping {
  readonly n: number;
}

const PingJobs = declareQueue({ name: 'module-ping', jobs: ['ping', 'pong'] });

@Injectable()
class Echo {
  readonly heard: string[] = [];
}

@Processor(PingJobs.name, WorkerDefaults)
class PingProcessor extends JobDispatcherHost<Ping> {
  protected readonly dispatcher = createJobDispatcher(PingJobs, {
    ping: async (job: Job<Ping>) => this.echo.heard.push(`ping ${job.data.n}`),
    pong: async (job: Job<Ping>) => this.echo.heard.push(`pong ${job.data.n}`),
  });

  constructor(private readonly echo: Echo) {
    super();
  }
}

@Processor(PingJobs.name)
class IncompleteProcessor extends JobDispatcherHost<Ping> {
  protected readonly dispatcher = createJobDispatcher(PingJobs, {
    ping: async () => undefined,
  } as unknown as JobHandlers<'ping' | 'pong', Ping>);
}

function configModule(config: PlatformConfig) {
  @Global()
  @Module({ providers: [{ provide: PLATFORM_CONFIG, useValue: config }], exports: [PLATFORM_CONFIG] })
  class ConfigStubModule {}
  return ConfigStubModule;
}

describe('QueueModule', () => {
  let redis: TestRedis;
  let config: PlatformConfig;
  let app: INestApplicationContext | undefined;

  beforeAll(() => {
    redis = createTestRedis('queue-module');
    config = loadPlatformConfig({
      serviceName: 'queue-module-spec',
      defaultPort: 0,
      env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.prefix, SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32) },
    });
  });

  afterAll(async () => {
    await app?.close();
    await redis?.cleanup();
  });

  it('gives injected queues the configured prefix and QueueDefaults, and runs their jobs in a JobDispatcherHost', async () => {
    @Module({
      imports: [configModule(config), QueueModule.forRoot(), QueueModule.registerQueues(PingJobs)],
      providers: [Echo, PingProcessor],
    })
    class WorkerModule {}
    app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    const queue = app.get<Queue>(getQueueToken(PingJobs.name));

    await queue.add('pong', { n: 7 });

    expect(queue.opts.prefix).toBe(redis.prefix);
    expect(queue.defaultJobOptions).toEqual(QueueDefaults);
    const echo = app.get(Echo);
    expect(await waitFor(() => echo.heard.length > 0 && echo.heard, { what: 'the processor' })).toEqual([
      'pong 7',
    ]);
    expect(app.get(PingProcessor).worker.opts).toMatchObject({ ...WorkerDefaults, prefix: redis.prefix });
    // Made over QuietlyClosingConnection, so a process stopped during its first connect exits cleanly.
    expect(queue).toBeInstanceOf(PlatformQueue);
    expect(app.get(PingProcessor).worker).toBeInstanceOf(PlatformWorker);
    expect((queue as unknown as { connection: unknown }).connection).toBeInstanceOf(QuietlyClosingConnection);
    const connection = createQueueConnection(config);
    expect(await connection.exists(`${redis.prefix}:${PingJobs.name}:meta`)).toBe(1);
    await connection.quit();
  });

  it('does not boot a worker whose processor lacks a handler for a declared job', async () => {
    @Module({ imports: [configModule(config), QueueModule.forRoot()], providers: [IncompleteProcessor] })
    class BrokenWorkerModule {}

    await expect(
      NestFactory.createApplicationContext(BrokenWorkerModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow('worker of queue "module-ping" cannot start: no handler for declared job(s) pong');
  });
});
