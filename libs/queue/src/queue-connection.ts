import type { PlatformConfig } from '@platform/config';
import { Queue, RedisConnection, Worker } from 'bullmq';
import type { Job, Processor, QueueOptions, WorkerOptions } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { QueueDefaults, WorkerDefaults } from './queue-defaults';

/** The part of PlatformConfig the queue lib reads. */
export type QueueConfig = Pick<PlatformConfig, 'redisUrl' | 'redisKeyPrefix' | 'serviceName'>;

/**
 * ioredis options for BullMQ from REDIS_URL. BullMQ namespaces its keys with its own `prefix`
 * option (config.redisKeyPrefix); an ioredis keyPrefix would break its Lua scripts, so none is set.
 * maxRetriesPerRequest must be null: a worker's blocking commands would otherwise fail after a
 * reconnect instead of waiting for Redis to come back.
 */
export function queueConnectionOptions(config: QueueConfig): RedisOptions {
  const url = new URL(config.redisUrl);
  const options: RedisOptions = {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1') || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    connectionName: `${config.serviceName}:queue`,
    maxRetriesPerRequest: null,
  };
  if (url.username) options.username = decodeURIComponent(url.username);
  if (url.password) options.password = decodeURIComponent(url.password);
  if (url.protocol === 'rediss:') options.tls = {};
  return options;
}

let telemetry: BullMQOtel | undefined;

/**
 * BullMQ's OpenTelemetry adapter (bullmq-otel), on every queue and worker of the platform:
 * `Queue.add` records the active trace context (a request's) in the job, and a worker runs the job
 * inside it, so the job's spans and log lines carry the request's trace id. One per process.
 */
export function queueTelemetry(): BullMQOtel {
  return (telemetry ??= new BullMQOtel('bullmq'));
}

/** A dedicated ioredis client fit for BullMQ; the caller owns it and must `quit()` it. */
export function createQueueConnection(config: QueueConfig): Redis {
  return new Redis(queueConnectionOptions(config));
}

/**
 * BullMQ's connection of a queue, but one that can be closed while it is still being made (Redis
 * slow or away). BullMQ (5.x) then disconnects, and the connection's start-up rejects only after
 * close() removed every listener: it re-emits that rejection as an 'error' event nobody hears, an
 * uncaught exception ('Connection is closed.') that ended an admin command with exit code 1 after
 * it had printed its result. This one listens once closed: the `Connection` class of
 * PlatformQueue and PlatformWorker, which are every queue and worker the platform makes
 * (createQueue, createQueueWorker, the queue dashboard, and Nest's BullModule through QueueModule).
 */
export class QuietlyClosingConnection extends RedisConnection {
  override async close(force?: boolean): Promise<void> {
    await super.close(force);
    this.on('error', () => undefined);
  }
}

/** BullMQ's Queue over QuietlyClosingConnection: every queue the platform makes, in Nest or not. */
export class PlatformQueue extends Queue {
  constructor(name: string, opts?: QueueOptions) {
    super(name, opts, QuietlyClosingConnection);
  }
}

/** BullMQ's Worker over QuietlyClosingConnection (its blocking connection too). */
export class PlatformWorker<D = unknown> extends Worker<D> {
  constructor(name: string, processor?: string | URL | null | Processor<D>, opts?: WorkerOptions) {
    super(name, processor, opts, QuietlyClosingConnection);
  }
}

/** A producer outside Nest (scripts, tests) with the platform's prefix, job defaults and telemetry; close() it. */
export function createQueue(config: QueueConfig, name: string, options: Partial<QueueOptions> = {}): Queue {
  return new PlatformQueue(name, {
    defaultJobOptions: QueueDefaults,
    telemetry: queueTelemetry(),
    ...options,
    connection: queueConnectionOptions(config),
    prefix: config.redisKeyPrefix,
  });
}

/** A worker outside Nest with the platform's prefix, WorkerDefaults and telemetry; close() it. */
export function createQueueWorker<D>(
  config: QueueConfig,
  name: string,
  processor: (job: Job<D>, token?: string) => Promise<unknown>,
  options: Partial<WorkerOptions> = {},
): Worker<D> {
  return new PlatformWorker<D>(name, processor, {
    ...WorkerDefaults,
    telemetry: queueTelemetry(),
    ...options,
    connection: queueConnectionOptions(config),
    prefix: config.redisKeyPrefix,
  });
}
