import { randomUUID } from 'node:crypto';
import { describeWithVendorData } from '@platform/testing';
import {
  CALLER_PARENT_ID,
  CALLER_TRACE_ID,
  HOPS,
  call,
  startCountriesGateway,
  traceOf,
  startedForSuite,
} from './support/gateway-test-kit';

/** What the gateway forwards of a request's headers: credentials, request ids, trace context. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(HOPS)('gateway (real route table, fake countries service), %s', (hop) => {
  const rt = startedForSuite(() => startCountriesGateway(undefined, hop));

  describe('request headers', () => {
    it('forwards Authorization and x-store-id', async () => {
      await call(rt.gateway.url, {
        path: '/v1/countries/auth-check',
        headers: {
          Authorization: 'Bearer tok_123.secret',
          'x-store-id': 'store-42',
          'Idempotency-Key': 'k-1',
        },
      });
      expect(rt.countries.last('/v1/countries/auth-check').hop).toBe(hop);
      const seen = rt.countries.last('/v1/countries/auth-check').headers;
      expect(seen.authorization).toBe('Bearer tok_123.secret');
      expect(seen['x-store-id']).toBe('store-42');
      expect(seen['idempotency-key']).toBe('k-1');
    });

    it("forwards and echoes the caller's X-Request-Id when it is a uuid", async () => {
      const id = randomUUID();
      const res = await call(rt.gateway.url, {
        path: '/v1/countries/rid-valid',
        headers: { 'X-Request-Id': id },
      });
      expect(rt.countries.last('/v1/countries/rid-valid').headers['x-request-id']).toBe(id);
      expect(res.headers['x-request-id']).toBe(id);
    });

    it('replaces a non-uuid X-Request-Id with a generated uuid, upstream and in the response', async () => {
      const res = await call(rt.gateway.url, {
        path: '/v1/countries/rid-invalid',
        headers: { 'X-Request-Id': 'not-a-uuid; drop table' },
      });
      const forwarded = rt.countries.last('/v1/countries/rid-invalid').headers['x-request-id'];
      expect(forwarded).toMatch(UUID);
      expect(res.headers['x-request-id']).toBe(forwarded);
    });

    it("continues the caller's trace with a gateway span as the upstream's parent", async () => {
      const res = await call(rt.gateway.url, {
        path: '/v1/countries/trace',
        headers: { traceparent: `00-${CALLER_TRACE_ID}-${CALLER_PARENT_ID}-01`, tracestate: 'vendor=abc' },
      });
      const seen = rt.countries.last('/v1/countries/trace').headers;
      const upstream = traceOf(seen);
      expect(upstream.traceId).toBe(CALLER_TRACE_ID);
      expect(upstream.parentId).not.toBe(CALLER_PARENT_ID);
      expect(seen.traceparent).toBe(`00-${CALLER_TRACE_ID}-${upstream.parentId}-01`);
      // The gateway names its request span in traceresponse; the upstream's parent is the span of
      // the gateway's call, a child of it (libs/queue/test/trace-propagation.spec.ts follows the
      // links with the spans recorded).
      const answered = traceOf({ traceparent: res.headers.traceresponse });
      expect(answered.traceId).toBe(CALLER_TRACE_ID);
      expect(answered.parentId).not.toBe(CALLER_PARENT_ID);
      expect(seen.tracestate).toBe('vendor=abc');
    });

    it('starts a new trace (and drops tracestate) when the caller sent no valid traceparent', async () => {
      await call(rt.gateway.url, {
        path: '/v1/countries/trace-invalid',
        headers: { traceparent: `ff-${CALLER_TRACE_ID}-${CALLER_PARENT_ID}-01`, tracestate: 'vendor=abc' },
      });
      const seen = rt.countries.last('/v1/countries/trace-invalid').headers;
      expect(traceOf(seen).traceId).not.toBe(CALLER_TRACE_ID);
      expect(seen.tracestate).toBeUndefined();
      await call(rt.gateway.url, { path: '/v1/countries/trace-none' });
      expect(traceOf(rt.countries.last('/v1/countries/trace-none').headers).traceId).toMatch(
        /^[0-9a-f]{32}$/,
      );
    });

    describeWithVendorData('w3c-trace-context', 'W3C Trace Context vectors', (set) => {
      interface TraceVector {
        readonly test: string;
        readonly requestHeaders: readonly (readonly [string, string])[];
        readonly w3cExpectation: 'continue-trace' | 'restart-trace';
        readonly comparedTraceId: string;
      }
      const vectors = set
        .readJson<{ cases: TraceVector[] }>('traceparent-vectors.json')
        .cases.map((v, i) => ({ ...v, name: `${v.test} #${i}: ${v.w3cExpectation}` }));

      it.each(vectors)('$name', async (vector) => {
        const headers: Record<string, string[]> = {};
        for (const [name, value] of vector.requestHeaders) (headers[name] ??= []).push(value);
        const path = `/v1/countries/w3c-${randomUUID()}`;
        await call(rt.gateway.url, { path, headers });
        const upstream = traceOf(rt.countries.last(path).headers);
        if (vector.w3cExpectation === 'continue-trace') expect(upstream.traceId).toBe(vector.comparedTraceId);
        else expect(upstream.traceId).not.toBe(vector.comparedTraceId);
      });
    });
  });
});
