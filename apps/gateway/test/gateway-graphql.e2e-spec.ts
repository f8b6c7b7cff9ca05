import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeSupergraph } from '../src/modules/graphql/supergraph-composition';
import {
  CALLER_PARENT_ID,
  CALLER_TRACE_ID,
  FakeAnswer,
  FakeService,
  HOPS,
  RunningGateway,
  call,
  deadUrl,
  startCountriesGateway,
  startGateway,
  startedForSuite,
  traceOf,
} from './support/gateway-test-kit';

/** /graphql: without a supergraph, and federated over subgraphs the test runs itself. */

describe('gateway (real route table, fake countries service)', () => {
  const rt = startedForSuite(startCountriesGateway);

  describe('GraphQL without a supergraph', () => {
    it('POST /graphql answers 503 with a GraphQL-shaped SUPERGRAPH_NOT_AVAILABLE error', async () => {
      const res = await call(rt.gateway.url, {
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(res.status).toBe(503);
      expect(res.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'SUPERGRAPH_NOT_AVAILABLE' } }],
      });
    });
  });
});

describe.each(HOPS)('gateway (federated /graphql over in-test subgraphs), %s', (hop) => {
  const catalogSdl = `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
    type Query { products: [Product!]! }
    type Product @key(fields: "id") { id: ID! name: String! }
  `;
  const taxSdl = `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
    type Query { taxRate(country: String!): Float }
  `;
  const stockSdl = `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
    type Query { stock(sku: String!): Int }
  `;
  const slowSdl = `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
    type Query { slowThing: Int }
  `;
  let catalog: FakeService;
  let tax: FakeService;
  let slow: FakeService;
  let gateway: RunningGateway;
  let tmp: string;

  const graphqlAnswer =
    (data: Record<string, unknown>): FakeAnswer =>
    (req, res) => {
      if (req.headers.authorization === 'Bearer revoked') {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errors: [{ message: 'token revoked' }] }));
        return true;
      }
      if (req.headers.authorization === 'Bearer too-complex') {
        // What a platform subgraph answers a request over its limits (docs/graphql.md, "Limits").
        res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            errors: [
              {
                message: 'the query costs 56000, above the limit of 5000',
                extensions: { code: 'GRAPHQL_QUERY_TOO_COMPLEX' },
              },
            ],
          }),
        );
        return true;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
      return true;
    };

  beforeAll(async () => {
    catalog = await FakeService.start(graphqlAnswer({ products: [{ id: 'p1', name: 'Green tea' }] }));
    tax = await FakeService.start(graphqlAnswer({ taxRate: 0.19 }));
    // Takes every fetch and never answers it.
    slow = await FakeService.start(() => true);
    const composed = composeSupergraph([
      {
        name: 'catalog',
        url: `${catalog.url}/v2/commerce/stores/{storeId}/catalog-subgraph`,
        sdl: catalogSdl,
      },
      { name: 'tax', url: `${tax.url}/v2/commerce/stores/{storeId}/tax-subgraph`, sdl: taxSdl },
      { name: 'stock', url: `${await deadUrl()}/stock-subgraph`, sdl: stockSdl },
      { name: 'slow', url: `${slow.url}/slow-subgraph`, sdl: slowSdl },
    ]);
    if (!composed.ok) throw new Error(composed.errors.join('\n'));
    tmp = mkdtempSync(join(tmpdir(), 'gateway-graphql-'));
    writeFileSync(join(tmp, 'supergraph.graphql'), composed.supergraphSdl);
    gateway = await startGateway(
      await deadUrl(),
      {
        // The real route table has catalog and tax subgraphs too: their configured URLs win over the
        // supergraph's.
        CATALOG_SUBGRAPH_URL: catalog.url,
        TAX_SUBGRAPH_URL: tax.url,
        SUPERGRAPH_FILE: join(tmp, 'supergraph.graphql'),
        UPSTREAM_RESPONSE_TIMEOUT_MS: '1000',
      },
      hop,
    );
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([catalog, tax, slow].map((f) => f?.close()));
    rmSync(tmp, { recursive: true, force: true });
  });

  const postGraphQL = (query: string, headers: Record<string, string> = {}) =>
    call(gateway.url, {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it('starts without any subgraph running and plans a query across both subgraphs', async () => {
    const res = await postGraphQL('{ products { id name } taxRate(country: "DE") }', {
      'x-store-id': 'st_1',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ data: { products: [{ id: 'p1', name: 'Green tea' }], taxRate: 0.19 } });
  });

  it('sends each subgraph the caller credentials, store, request id and trace (a gateway span as parent)', async () => {
    const id = randomUUID();
    const res = await postGraphQL('{ products { id } }', {
      authorization: 'Bearer tok_graph',
      'x-store-id': 'st 7/x',
      'x-request-id': id,
      traceparent: `00-${CALLER_TRACE_ID}-${CALLER_PARENT_ID}-01`,
    });
    expect(res.status).toBe(200);
    const seen = catalog.last('/v2/commerce/stores/st%207%2Fx/catalog-subgraph');
    expect(seen.hop).toBe(hop);
    expect(seen.headers.authorization).toBe('Bearer tok_graph');
    expect(seen.headers['x-store-id']).toBe('st 7/x');
    expect(seen.headers['x-request-id']).toBe(id);
    const upstream = traceOf(seen.headers);
    expect(upstream.traceId).toBe(CALLER_TRACE_ID);
    expect(traceOf({ traceparent: res.headers.traceresponse }).traceId).toBe(CALLER_TRACE_ID);
    expect(upstream.parentId).not.toBe(CALLER_PARENT_ID);
  });

  it('reports a GraphQL error when a store-scoped subgraph is queried without x-store-id', async () => {
    const res = await postGraphQL('{ taxRate(country: "DE") }');
    const body = res.json<{ errors?: { message: string; extensions: { code: string } }[] }>();
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/x-store-id/),
      extensions: { code: 'STORE_ID_REQUIRED' },
    });
  });

  it('names an unreachable subgraph without revealing where it is', async () => {
    const res = await postGraphQL('{ stock(sku: "tea") }');
    const body = res.json<{ errors: { message: string; extensions: { code: string } }[] }>();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('stock subgraph'),
        extensions: expect.objectContaining({ code: 'SUBGRAPH_UNAVAILABLE' }),
      }),
    ]);
    expect(res.body.toString('utf8')).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  });

  it('names a subgraph that sends no answer in time as SUBGRAPH_TIMEOUT, and still answers the other fields', async () => {
    const res = await postGraphQL('{ products { id } slowThing }', { 'x-store-id': 'st_1' });
    expect(res.status).toBe(200);
    const body = res.json<{ data: unknown; errors: { message: string; extensions: { code: string } }[] }>();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'the slow subgraph did not answer in time',
        extensions: expect.objectContaining({ code: 'SUBGRAPH_TIMEOUT' }),
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain(slow.url);
  });

  it("passes a subgraph's 401 on as UNAUTHENTICATED without the subgraph's URL", async () => {
    const res = await postGraphQL('{ products { id } }', {
      authorization: 'Bearer revoked',
      'x-store-id': 'st_1',
    });
    const body = res.json<{ errors: { extensions: { code: string } }[] }>();
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.body.toString('utf8')).toContain('token revoked');
    expect(res.body.toString('utf8')).not.toContain('127.0.0.1');
  });

  it("passes a subgraph's refusal of the request (HTTP 400, coded) on with its code and message, without the subgraph's URL", async () => {
    const res = await postGraphQL('{ products { id } }', {
      authorization: 'Bearer too-complex',
      'x-store-id': 'st_1',
    });
    expect(res.status).toBe(200);
    const body = res.json<{ data: unknown; errors: { message: string; extensions: { code: string } }[] }>();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'the query costs 56000, above the limit of 5000',
        extensions: expect.objectContaining({ code: 'GRAPHQL_QUERY_TOO_COMPLEX' }),
      }),
    ]);
    expect(res.body.toString('utf8')).not.toContain('127.0.0.1');
  });

  it('answers variables that do not coerce as GRAPHQL_VALIDATION_FAILED at 400, also past 50 of them', async () => {
    const ask = async (count: number) => {
      const names = Array.from({ length: count }, (_, i) => `c${i}`);
      const query = `query(${names.map((n) => `$${n}: String!`).join(', ')}) { ${names.map((n) => `${n}: taxRate(country: $${n})`).join(' ')} }`;
      const variables = Object.fromEntries(names.map((n) => [n, 5]));
      const res = await call(gateway.url, {
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', 'x-store-id': 'st_1' },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        body: res.json<{ errors: { message: string; extensions: { code: string } }[] }>(),
      };
    };
    const taxCallsBefore = tax.received.length;
    const one = await ask(1);
    expect(one.status).toBe(400);
    expect(one.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('$c0'),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
    const many = await ask(60);
    expect(many.status).toBe(400);
    expect(many.body.errors.length).toBeGreaterThan(50);
    expect(new Set(many.body.errors.map((e) => e.extensions.code))).toEqual(
      new Set(['GRAPHQL_VALIDATION_FAILED']),
    );
    // Nothing of the request reached a subgraph.
    expect(tax.received.length).toBe(taxCallsBefore);
  });

  it('answers a malformed JSON body with a GraphQL-shaped 400', async () => {
    const res = await call(gateway.url, {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json' },
      body: '{"query":',
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'BAD_REQUEST' } }],
    });
  });
});
