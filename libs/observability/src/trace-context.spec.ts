import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TRACEPARENT_PATTERN, continueTrace, formatTraceparent, parseTraceparent } from './trace-context';

interface Vector {
  test: string;
  requestHeaders: [string, string][];
  w3cExpectation: 'continue-trace' | 'restart-trace';
  comparedTraceId: string;
}

const vectors: Vector[] = JSON.parse(
  readFileSync(
    resolve(__dirname, '../../../vendor-tests/w3c-trace-context/traceparent-vectors.json'),
    'utf8',
  ),
).cases;

/** What Node's HTTP parser hands us: lower-cased names, trimmed values, duplicates joined with ", ". */
function nodeHeader(headers: [string, string][], name: string): string | undefined {
  const values = headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v.trim());
  return values.length ? values.join(', ') : undefined;
}

describe('traceparent per W3C Trace Context (vendor vectors)', () => {
  it('has vectors to run', () => {
    expect(vectors.length).toBeGreaterThan(40);
  });

  it.each(vectors.map((v) => [v.test, v] as const))('%s', (_name, vector) => {
    const ctx = continueTrace(nodeHeader(vector.requestHeaders, 'traceparent'));
    expect(ctx.traceId).toMatch(/^[0-9a-f]{32}$/);
    if (vector.w3cExpectation === 'continue-trace') expect(ctx.traceId).toBe(vector.comparedTraceId);
    else expect(ctx.traceId).not.toBe(vector.comparedTraceId);
  });
});

describe('trace context', () => {
  const incoming = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it('continues a valid trace with a new span whose parent is the caller', () => {
    const ctx = continueTrace(incoming);
    expect(ctx.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(ctx.parentSpanId).toBe('b7ad6b7169203331');
    expect(ctx.spanId).not.toBe('b7ad6b7169203331');
    expect(formatTraceparent(ctx)).toMatch(TRACEPARENT_PATTERN);
    expect(formatTraceparent(ctx)).toBe(`00-0af7651916cd43dd8448eb211c80319c-${ctx.spanId}-01`);
  });

  it('starts a sampled trace when there is no header', () => {
    const ctx = continueTrace(undefined);
    expect(ctx.parentSpanId).toBeUndefined();
    expect(formatTraceparent(ctx)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
  });

  it('gives every new trace and span ids of its own, across refills of the random pool', () => {
    // 1000 traces draw 24 000 bytes: several 4 KiB refills.
    const traces = Array.from({ length: 1000 }, () => continueTrace(undefined));
    const ids = traces.flatMap((t) => [t.traceId, t.spanId]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of traces) expect(formatTraceparent(t)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
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
});
