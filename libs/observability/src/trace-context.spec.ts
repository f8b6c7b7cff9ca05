import { ROOT_CONTEXT, TraceFlags, defaultTextMapGetter, trace } from '@opentelemetry/api';
import Fastify, { FastifyInstance } from 'fastify';
import { describeWithVendorData } from '@platform/testing';
import { genRequestId, installHttpObservability } from './http-observability';
import {
  TRACEPARENT_PATTERN,
  TRACE_CONTEXT_PROPAGATOR,
  formatTraceparent,
  parseTraceparent,
  traceContextOf,
} from './trace-context';

interface Vector {
  test: string;
  requestHeaders: [string, string][];
  w3cExpectation: 'continue-trace' | 'restart-trace';
  comparedTraceId: string;
}

/** What Node's HTTP parser hands us: lower-cased names, trimmed values, duplicates joined with ", ". */
function nodeHeaders(headers: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    out[lower] = lower in out ? `${out[lower]}, ${value.trim()}` : value.trim();
  }
  return out;
}

describeWithVendorData('w3c-trace-context', 'traceparent per W3C Trace Context (vendor vectors)', (set) => {
  const vectors = set.readJson<{ cases: Vector[] }>('traceparent-vectors.json').cases;

  it('has vectors to run', () => {
    expect(vectors.length).toBeGreaterThan(40);
  });

  describe("OpenTelemetry's W3C propagator, as every process runs it", () => {
    it.each(vectors.map((v) => [v.test, v] as const))('%s', (_name, vector) => {
      const carrier = nodeHeaders(vector.requestHeaders);
      const extracted = TRACE_CONTEXT_PROPAGATOR.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
      const continued = trace.getSpanContext(extracted)?.traceId;
      if (vector.w3cExpectation === 'continue-trace') expect(continued).toBe(vector.comparedTraceId);
      else expect(continued).not.toBe(vector.comparedTraceId);
      expect(parseTraceparent(carrier.traceparent)?.traceId).toBe(continued);
    });
  });

  describe('a service (the request span, traceresponse)', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = Fastify({ genReqId: genRequestId });
      installHttpObservability(app);
      app.get('/trace', async () => ({ ok: true }));
      await app.ready();
    });

    afterAll(() => app.close());

    it.each(vectors.map((v) => [v.test, v] as const))('%s', async (_name, vector) => {
      const res = await app.inject({
        method: 'GET',
        url: '/trace',
        headers: nodeHeaders(vector.requestHeaders),
      });
      const answered = parseTraceparent(res.headers.traceresponse as string);
      expect(answered?.traceId).toMatch(/^[0-9a-f]{32}$/);
      if (vector.w3cExpectation === 'continue-trace') expect(answered?.traceId).toBe(vector.comparedTraceId);
      else expect(answered?.traceId).not.toBe(vector.comparedTraceId);
    });
  });
});

describe('trace context', () => {
  const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it('reads a valid traceparent', () => {
    expect(parseTraceparent(incoming)).toEqual({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      parentId: 'b7ad6b7169203331',
      flags: '01',
    });
  });

  it('rejects version ff, zero ids and upper-case hex even though the spec pattern alone would not', () => {
    expect(parseTraceparent('ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toBeUndefined();
    expect(parseTraceparent(`00-${'0'.repeat(32)}-b7ad6b7169203331-01`)).toBeUndefined();
    expect(parseTraceparent(`00-0af7651916cd43dd8448eb211c80319c-${'0'.repeat(16)}-01`)).toBeUndefined();
    expect(parseTraceparent('00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01')).toBeUndefined();
  });

  it('accepts a future version with extra fields but not version 00 with extra fields', () => {
    expect(parseTraceparent('cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-future')).toBeDefined();
    expect(
      parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-future'),
    ).toBeUndefined();
  });

  it('formats a span as a version 00 header with its sampled flag', () => {
    const span = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: '00f067aa0ba902b7' };
    const sampled = formatTraceparent(traceContextOf({ ...span, traceFlags: TraceFlags.SAMPLED }));
    expect(sampled).toBe('00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01');
    expect(sampled).toMatch(TRACEPARENT_PATTERN);
    expect(formatTraceparent(traceContextOf({ ...span, traceFlags: TraceFlags.NONE }))).toMatch(/-00$/);
  });

  it('gives all-zero ids when there is no valid span', () => {
    expect(traceContextOf(undefined)).toEqual({
      traceId: '0'.repeat(32),
      spanId: '0'.repeat(16),
      flags: '00',
    });
  });
});
