/**
 * Run by trace-propagation.spec.ts in a Node process of its own (pg and ioredis are patched
 * through Node's require, which Jest's module registry goes around): a "gateway" that calls a
 * service over fetch, a service that queries Postgres and Redis and adds a job, a worker that runs
 * it. One request with the caller's traceparent goes through; the process prints every span it
 * recorded, and the trace id the worker saw, as its last line.
 */
import { exporter } from './trace-hops-telemetry';
import { trace } from '@opentelemetry/api';
import {
  createPlatformLogger,
  flushTelemetry,
  genRequestId,
  installHttpObservability,
} from '@platform/observability';
import Fastify from 'fastify';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { createQueue, createQueueWorker } from '../../src/queue-connection';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

async function main(): Promise<void> {
  const config = {
    redisUrl: env('REDIS_URL'),
    redisKeyPrefix: env('REDIS_KEY_PREFIX'),
    serviceName: 'trace-hops',
  };
  const logger = createPlatformLogger({ level: 'info', serviceName: 'trace-hops' });
  const pool = new Pool({ connectionString: env('DATABASE_URL'), max: 2 });
  const redis = new Redis(config.redisUrl);
  const queue = createQueue(config, 'trace-hops');
  let processed: (traceId: string | undefined) => void = () => undefined;
  const workerTraceId = new Promise<string | undefined>((resolve) => (processed = resolve));
  const worker = createQueueWorker(config, 'trace-hops', async () => {
    await pool.query('SELECT 2 AS in_job');
    logger.info('job processed');
    processed(trace.getActiveSpan()?.spanContext().traceId);
  });

  const service = Fastify({ genReqId: genRequestId });
  installHttpObservability(service);
  service.post('/work', async () => {
    await pool.query('SELECT 1 AS in_request');
    await redis.get(`${config.redisKeyPrefix}:trace-hops`);
    const job = await queue.add('work', {});
    return { jobId: job.id };
  });
  const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' });

  const gateway = Fastify({ genReqId: genRequestId });
  installHttpObservability(gateway);
  gateway.post('/work', async () => (await fetch(`${serviceUrl}/work`, { method: 'POST' })).json());
  await gateway.ready();

  const res = await gateway.inject({
    method: 'POST',
    url: '/work',
    headers: { traceparent: env('CALLER_TRACEPARENT') },
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('the worker never ran the job')), 20_000).unref(),
  );
  const seenByWorker = await Promise.race([workerTraceId, timeout]);
  await worker.close();
  await queue.close();
  await redis.quit();
  await pool.end();
  await gateway.close();
  await service.close();
  await flushTelemetry();
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
  const spans = exporter.getFinishedSpans().map((s) => ({
    name: s.name,
    kind: s.kind,
    scope: s.instrumentationScope.name,
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parentSpanId: s.parentSpanContext?.spanId,
  }));
  const report = {
    gatewayStatus: res.statusCode,
    traceresponse: res.headers.traceresponse,
    seenByWorker,
    spans,
  };
  process.stdout.write(`${JSON.stringify({ report })}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
