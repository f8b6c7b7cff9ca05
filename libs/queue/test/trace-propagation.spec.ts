import { join } from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { createTestRedis, runTypeScriptChild, testServerUrl } from '@platform/testing';
import type { TestRedis } from '@platform/testing';

interface RecordedSpan {
  readonly name: string;
  readonly kind: SpanKind;
  readonly scope: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
}

interface Report {
  readonly gatewayStatus: number;
  readonly traceresponse: string;
  readonly seenByWorker?: string;
  readonly spans: readonly RecordedSpan[];
}

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

/** Runs support/trace-hops-child.ts; its log lines and its report (the last line). */
async function runHops(redis: TestRedis): Promise<{ report: Report; logs: Record<string, unknown>[] }> {
  const stdout = await runTypeScriptChild(join(__dirname, 'support/trace-hops-child.ts'), {
    DATABASE_URL: testServerUrl(),
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.prefix,
    CALLER_TRACEPARENT: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
  });
  const lines = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const report = lines.find((l) => 'report' in l)?.report as Report;
  return { report, logs: lines.filter((l) => !('report' in l)) };
}

describe('one trace from a gateway through a service, Postgres, Redis and a job to its worker', () => {
  let redis: TestRedis;
  let report: Report;
  let logs: Record<string, unknown>[];

  beforeAll(async () => {
    redis = createTestRedis('trace-hops');
    ({ report, logs } = await runHops(redis));
  }, 90_000);

  afterAll(() => redis?.cleanup());

  const one = (predicate: (s: RecordedSpan) => boolean, what: string): RecordedSpan => {
    const found = report.spans.filter(predicate);
    if (found.length !== 1) throw new Error(`expected one ${what}, got ${JSON.stringify(found)}`);
    return found[0];
  };

  it("records every span in the caller's trace, and nothing else", () => {
    expect(report.gatewayStatus).toBe(200);
    expect(report.spans.length).toBeGreaterThanOrEqual(9);
    expect(new Set(report.spans.map((s) => s.traceId))).toEqual(new Set([CALLER_TRACE]));
  });

  it('links the hops: gateway → fetch → service → pg, redis, add → process → pg', () => {
    const requests = report.spans.filter((s) => s.scope === '@fastify/otel' && s.kind === SpanKind.SERVER);
    const gateway = one((s) => requests.includes(s) && s.parentSpanId === CALLER_SPAN, 'gateway request');
    // The gateway's traceresponse names its request span.
    expect(report.traceresponse).toBe(`00-${CALLER_TRACE}-${gateway.spanId}-01`);
    const call = one((s) => s.kind === SpanKind.CLIENT && s.parentSpanId === gateway.spanId, 'gateway call');
    expect(call.scope).toBe('@opentelemetry/instrumentation-undici');
    const service = one((s) => requests.includes(s) && s.parentSpanId === call.spanId, 'service request');

    const underService = report.spans.filter((s) => s.parentSpanId === service.spanId);
    expect(underService.map((s) => s.scope).sort()).toEqual([
      '@opentelemetry/instrumentation-ioredis',
      '@opentelemetry/instrumentation-pg',
      'bullmq',
    ]);
    const add = one((s) => s.kind === SpanKind.PRODUCER, 'job add');
    expect(add.parentSpanId).toBe(service.spanId);
    const processing = one((s) => s.kind === SpanKind.CONSUMER, 'job processing');
    expect(processing.parentSpanId).toBe(add.spanId);
    expect(report.spans).toContainEqual(
      expect.objectContaining({
        scope: '@opentelemetry/instrumentation-pg',
        parentSpanId: processing.spanId,
      }),
    );
  });

  it("runs the job in the caller's trace: the worker's active span and its log line", () => {
    expect(report.seenByWorker).toBe(CALLER_TRACE);
    const processing = one((s) => s.kind === SpanKind.CONSUMER, 'job processing');
    expect(logs.find((l) => l.message === 'job processed')).toMatchObject({
      traceId: CALLER_TRACE,
      spanId: processing.spanId,
    });
  });
});
