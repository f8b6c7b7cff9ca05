import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Socket } from 'node:net';
import { SpanKind, context, metrics, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { runTypeScriptChild } from '@platform/testing';
import Fastify, { FastifyInstance } from 'fastify';
import { genRequestId, installHttpObservability } from './http-observability';
import { ServiceScope } from './service-scope';
import {
  SERVICE_ATTRIBUTE,
  flushTelemetry,
  startTelemetry,
  stopTelemetry,
  telemetryStatus,
} from './telemetry';
import { tracedRequest } from './request-context';
import { parseTraceparent } from './trace-context';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const sampledCaller = { traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-01` };
const unsampledCaller = { traceparent: `00-${CALLER_TRACE}-00f067aa0ba902b7-00` };

async function serviceApp(): Promise<FastifyInstance> {
  const app = Fastify({ genReqId: genRequestId });
  installHttpObservability(app);
  app.get('/work', async () => {
    const span = trace.getActiveSpan();
    return { recording: span?.isRecording() ?? null, traceId: span?.spanContext().traceId ?? null };
  });
  app.get('/health/live', async () => ({ status: 'ok' }));
  await app.ready();
  return app;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

/** A stand-in OTLP/HTTP collector: keeps the spans of every JSON export it receives. */
async function fakeCollector(): Promise<{
  server: Server;
  url: string;
  spans: OtlpSpan[];
  services: string[];
}> {
  const spans: OtlpSpan[] = [];
  const services: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const rs of body.resourceSpans) {
        const name = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
        if (name) services.push(name);
        for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, services };
}

interface ChildReport {
  readonly traceresponse: string;
  readonly status: unknown;
  readonly connections: number;
}

/** Runs test/support/otlp-child.ts in a Node process of its own, with no OTEL_* but `env`'s. */
async function runChild(env: Record<string, string>): Promise<ChildReport> {
  const stdout = await runTypeScriptChild(join(__dirname, '../test/support/otlp-child.ts'), env);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildReport;
}

describe('telemetry', () => {
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await stopTelemetry();
    jest.restoreAllMocks();
  });

  describe('without an endpoint', () => {
    it('exports nothing and opens no connection, yet continues and starts traces', async () => {
      const connect = jest.spyOn(Socket.prototype, 'connect');
      const status = startTelemetry({ config: { serviceName: 'no-endpoint', samplerRatio: 1 } });
      expect(status).toEqual({ serviceName: 'no-endpoint', exporter: 'none' });
      app = await serviceApp();

      // A new trace: ids, but the span records nothing.
      const fresh = await app.inject({ method: 'GET', url: '/work' });
      expect(fresh.json()).toEqual({ recording: false, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(fresh.headers.traceresponse).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      // The caller's trace is continued, its sampled flag passed on.
      const unsampled = await app.inject({ method: 'GET', url: '/work', headers: unsampledCaller });
      expect(unsampled.json()).toEqual({ recording: false, traceId: CALLER_TRACE });
      expect(unsampled.headers.traceresponse).toMatch(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-00$`));
      const sampled = await app.inject({ method: 'GET', url: '/work', headers: sampledCaller });
      expect(sampled.json()).toMatchObject({ traceId: CALLER_TRACE });
      expect(sampled.headers.traceresponse).toMatch(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-01$`));
      expect(parseTraceparent(sampled.headers.traceresponse as string)?.parentId).not.toBe(
        '00f067aa0ba902b7',
      );

      trace.getTracer('test').startSpan('a root span', { kind: SpanKind.SERVER }).end();
      await flushTelemetry();
      await stopTelemetry();
      expect(connect).not.toHaveBeenCalled();
      // No metric reader either (the all-in-one NodeSDK's default would export metrics over OTLP).
      expect(metrics.getMeterProvider().constructor.name).not.toBe('MeterProvider');
    });

    it("gives libraries tracing through the global API no-op spans that carry their parent's ids", () => {
      startTelemetry({ config: { serviceName: 'no-endpoint', samplerRatio: 1 } });
      const parent = propagation.extract(context.active(), sampledCaller);
      trace.getTracer('@apollo/gateway').startActiveSpan('gateway.fetch', {}, parent, (span) => {
        // A no-op span: nothing sampled or recorded, no id of its own.
        expect(span.isRecording()).toBe(false);
        expect(span.spanContext()).toMatchObject({ traceId: CALLER_TRACE, spanId: '00f067aa0ba902b7' });
        // What the next hop is given is the caller's trace.
        const carrier: Record<string, string> = {};
        propagation.inject(context.active(), carrier);
        expect(carrier.traceparent).toBe(`00-${CALLER_TRACE}-00f067aa0ba902b7-01`);
        span.end();
      });
    });

    it('starts once per process', () => {
      const first = startTelemetry({ config: { serviceName: 'first', samplerRatio: 1 } });
      expect(startTelemetry({ config: { serviceName: 'second', samplerRatio: 1 } })).toBe(first);
      expect(telemetryStatus()?.serviceName).toBe('first');
    });
  });

  describe('with an exporter', () => {
    let exporter: InMemorySpanExporter;

    beforeEach(() => {
      exporter = new InMemorySpanExporter();
    });

    it('records new traces, but not those of probes nor BullMQ housekeeping', async () => {
      startTelemetry({ config: { serviceName: 'svc', samplerRatio: 1 }, spanExporter: exporter });
      app = await serviceApp();
      const res = await app.inject({ method: 'GET', url: '/work' });
      expect(res.json()).toMatchObject({ recording: true });
      await app.inject({ method: 'GET', url: '/health/live' });
      // BullMQ's INTERNAL spans outside any job (getNextJob, stalled-job checks) start no trace.
      trace.getTracer('bullmq').startSpan('getNextJob q', { kind: SpanKind.INTERNAL }).end();
      await flushTelemetry();
      const answered = parseTraceparent(res.headers.traceresponse as string);
      expect(
        exporter.getFinishedSpans().map((s) => [s.name, s.spanContext().traceId, s.spanContext().spanId]),
      ).toEqual([['request', answered?.traceId, answered?.parentId]]);
    });

    it('records the OTEL_TRACES_SAMPLER_ARG share of new traces and follows a sampled caller', async () => {
      startTelemetry({ config: { serviceName: 'svc', samplerRatio: 0 }, spanExporter: exporter });
      app = await serviceApp();
      expect((await app.inject({ method: 'GET', url: '/work' })).json()).toMatchObject({ recording: false });
      const followed = await app.inject({ method: 'GET', url: '/work', headers: sampledCaller });
      expect(followed.json()).toMatchObject({ recording: true, traceId: CALLER_TRACE });
      await flushTelemetry();
      expect(exporter.getFinishedSpans().map((s) => s.spanContext().traceId)).toEqual([CALLER_TRACE]);
    });
  });

  describe('as an entry point starts it (a process of its own, OTEL_* from the environment)', () => {
    let collector: Awaited<ReturnType<typeof fakeCollector>>;

    beforeAll(async () => {
      collector = await fakeCollector();
    });

    afterAll(() => new Promise<void>((resolve) => collector.server.close(() => resolve())));

    it('exports over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT, as OTEL_SERVICE_NAME', async () => {
      const report = await runChild({
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_SERVICE_NAME: 'otlp-child',
        CALLER_TRACEPARENT: sampledCaller.traceparent,
      });
      expect(report.status).toEqual({
        serviceName: 'otlp-child',
        exporter: 'otlp',
        endpoint: `${collector.url}/v1/traces`,
      });
      const answered = parseTraceparent(report.traceresponse);
      expect(answered?.traceId).toBe(CALLER_TRACE);
      expect(collector.services).toContain('otlp-child');
      expect(collector.spans).toContainEqual(
        expect.objectContaining({ name: 'request', traceId: CALLER_TRACE, spanId: answered?.parentId }),
      );
      expect(report.connections).toBeGreaterThan(0);
    }, 60_000);

    it('without an endpoint opens no connection at all', async () => {
      const before = collector.spans.length;
      const report = await runChild({ CALLER_TRACEPARENT: sampledCaller.traceparent });
      expect(report.status).toEqual({ serviceName: 'unknown_service:node', exporter: 'none' });
      expect(parseTraceparent(report.traceresponse)?.traceId).toBe(CALLER_TRACE);
      expect(report.connections).toBe(0);
      expect(collector.spans).toHaveLength(before);
    }, 60_000);
  });

  it("names each span's service in platform.service, from the ServiceScope its code runs in", async () => {
    const exporter = new InMemorySpanExporter();
    startTelemetry({ config: { serviceName: 'platform', samplerRatio: 1 }, spanExporter: exporter });
    const tracer = trace.getTracer('test');
    // Server spans: the sampler starts traces for those (telemetry.ts, samplerFor).
    const server = { kind: SpanKind.SERVER };
    ServiceScope.run('countries', () => tracer.startSpan('in countries', server).end());
    ServiceScope.run('hosting-worker', () => tracer.startSpan('in the hosting worker', server).end());
    tracer.startSpan('outside any service', server).end();
    await flushTelemetry();
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.attributes[SERVICE_ATTRIBUTE]])).toEqual([
      ['in countries', 'countries'],
      ['in the hosting worker', 'hosting-worker'],
      ['outside any service', undefined],
    ]);
  });

  it('sends spans to a test exporter as they end, and leaves no global behind when stopped', async () => {
    const exporter = new InMemorySpanExporter();
    startTelemetry({ config: { serviceName: 'in-memory', samplerRatio: 1 }, spanExporter: exporter });
    expect(telemetryStatus()?.exporter).toBe('in-memory');
    trace.getTracer('test').startSpan('unit of work', { kind: SpanKind.SERVER }).end();
    await flushTelemetry();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['unit of work']);
    await stopTelemetry();
    expect(telemetryStatus()).toBeUndefined();
    expect(trace.getTracer('test').startSpan('after').isRecording()).toBe(false);
    expect(propagation.fields()).toEqual([]);
    expect(context.active()).toBeDefined();
  });

  it('carries the active trace on tracedRequest (undici request) calls, as on fetch', async () => {
    const exporter = new InMemorySpanExporter();
    startTelemetry({ config: { serviceName: 'in-memory', samplerRatio: 1 }, spanExporter: exporter });
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.traceparent as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/internal`;
      const traceId = await trace.getTracer('test').startActiveSpan('handler', async (span) => {
        const answer = await tracedRequest(url, { method: 'POST', body: '{}', timeoutMs: 2000 });
        expect(answer).toEqual({ status: 200, text: '{"ok":true}' });
        span.end();
        return span.spanContext().traceId;
      });
      expect(seen).toHaveLength(1);
      expect(parseTraceparent(seen[0] ?? '')?.traceId).toBe(traceId);
    } finally {
      server.close();
      await stopTelemetry();
    }
  });
});
