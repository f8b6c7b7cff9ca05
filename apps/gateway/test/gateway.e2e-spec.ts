import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import {
  IncomingHttpHeaders,
  IncomingMessage,
  Server,
  ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { parseTraceparent } from '@platform/observability';
import { createServiceApp } from '@platform/service-kit';
import { TEST_ENCRYPTION_KEY, describeWithVendorData, waitFor } from '@platform/testing';
import { GatewayAppModule } from '../src/app.module';
import { loadGatewayConfig, workerHealthEnv } from '../src/config/gateway.config';
import { composeSupergraph } from '../src/modules/graphql/supergraph-composition';
import { ROUTE_TABLE, type ServiceRoute } from '../src/routes/route-table';

// ---------------------------------------------------------------------------------------------
// Test doubles: a fake upstream (plain node:http) that records every request and answers with
// an echo of it, and a small HTTP client that can send exactly the headers a test wants.
// ---------------------------------------------------------------------------------------------

interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

type Responder = (request: RecordedRequest, res: ServerResponse) => boolean;

class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  readinessStatus = 200;
  /** Body bytes received of requests still in flight (proves streaming). */
  bytesInFlight = 0;
  private responder?: Responder;

  private constructor(private readonly server: Server) {}

  static async start(responder?: Responder): Promise<FakeUpstream> {
    const server = createServer();
    const fake = new FakeUpstream(server);
    fake.responder = responder;
    server.on('request', (req, res) => fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  last(path: string): RecordedRequest {
    const found = [...this.requests].reverse().find((r) => r.url.split('?')[0] === path);
    if (!found)
      throw new Error(
        `upstream received no request for ${path}; got ${this.requests.map((r) => r.url).join(', ')}`,
      );
    return found;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      this.bytesInFlight += chunk.length;
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      this.bytesInFlight = 0;
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
      };
      if (recorded.url === '/health/ready') {
        res
          .writeHead(this.readinessStatus, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'x' }));
        return;
      }
      this.requests.push(recorded);
      if (this.responder?.(recorded, res)) return;
      if (recorded.url === '/v1/countries/teapot') {
        res.writeHead(418, {
          'content-type': 'text/plain; charset=utf-8',
          'x-upstream-custom': 'brewed',
          'cache-control': 'max-age=7',
        });
        res.end('I am a teapot, short and stout');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: recorded.method,
          url: recorded.url,
          bodyBytes: body.length,
          bodySha256: createHash('sha256').update(body).digest('hex'),
        }),
      );
    });
  }
}

interface ClientResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

interface ClientRequest {
  readonly method?: string;
  readonly path: string;
  /** Name → value(s); a list sends the header once per value, the name's case is kept. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: Buffer | string;
}

function send(base: string, req: ClientRequest): Promise<ClientResponse> {
  const url = new URL(req.path, base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: req.method ?? 'GET', path: req.path },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    for (const [name, value] of Object.entries(req.headers ?? {}))
      outgoing.setHeader(name, typeof value === 'string' ? value : [...value]);
    outgoing.end(req.body);
  });
}

interface RunningGateway {
  readonly app: NestFastifyApplication;
  readonly url: string;
}

async function startGateway(
  env: Record<string, string>,
  routeTable?: readonly ServiceRoute[],
): Promise<RunningGateway> {
  const config = loadGatewayConfig({
    env: {
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      // Ample on a machine busy with other suites: no case here waits for this timeout to pass.
      HEALTHZ_TIMEOUT_MS: '10000',
      ...env,
    },
    routeTable,
    // A synthetic route table has none of the real subgraphs' services.
    subgraphs: routeTable ? [] : undefined,
  });
  const app = await createServiceApp(GatewayAppModule.forRoot(config), { title: 'Gateway' });
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

/** A port nothing listens on (bound, read, released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function traceOf(headers: IncomingHttpHeaders): { traceId: string; parentId: string } {
  const parsed = parseTraceparent(headers.traceparent);
  if (!parsed) throw new Error(`no valid traceparent in ${JSON.stringify(headers.traceparent)}`);
  return parsed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CALLER_TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_PARENT_ID = 'b7ad6b7169203331';

// ---------------------------------------------------------------------------------------------

describe('gateway (real route table, fake countries service)', () => {
  let countries: FakeUpstream;
  /** Stands in for every other service and worker of the route table (always ready). */
  let others: FakeUpstream;
  let gateway: RunningGateway;
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'gateway-e2e-'));
    countries = await FakeUpstream.start();
    others = await FakeUpstream.start();
    const otherUrls = Object.fromEntries(
      ROUTE_TABLE.filter((r) => r.service !== 'countries').flatMap((r) => [
        [r.urlEnv, others.url],
        ...r.workers.map((w) => [workerHealthEnv(r.service, w.name), others.url]),
      ]),
    );
    gateway = await startGateway({
      ...otherUrls,
      COUNTRIES_URL: countries.url,
      SUPERGRAPH_FILE: join(tmp, 'no-supergraph.graphql'),
    });
  });

  afterAll(async () => {
    await gateway?.app.close();
    await countries?.close();
    await others?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  describe('path routing', () => {
    it('forwards the path and the raw query string unchanged', async () => {
      const path = '/v1/countries/DE?marketId=de-DE&q=a+b&filter[name]=%2Fx%20y&a=1&a=2&empty=';
      const res = await send(gateway.url, { path });
      expect(res.status).toBe(200);
      expect(countries.last('/v1/countries/DE').url).toBe(path);
    });

    it('forwards the bare prefix and the prefix with a trailing slash', async () => {
      expect((await send(gateway.url, { path: '/v1/countries' })).status).toBe(200);
      expect((await send(gateway.url, { path: '/v1/countries/' })).status).toBe(200);
      expect(countries.requests.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/v1/countries', '/v1/countries/']),
      );
    });

    it('matches prefixes on segment boundaries only: /v1/countriesX is not the countries service', async () => {
      const before = countries.requests.length;
      const res = await send(gateway.url, { path: '/v1/countriesX' });
      expect(res.status).toBe(404);
      expect(countries.requests).toHaveLength(before);
    });

    it('answers an unknown path with 404 in the domains shape', async () => {
      const res = await send(gateway.url, { path: '/v9/nothing-here' });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    });
  });

  describe('responses', () => {
    it('passes the upstream status, headers and body through unchanged', async () => {
      const res = await send(gateway.url, { path: '/v1/countries/teapot' });
      expect(res.status).toBe(418);
      expect(res.headers['x-upstream-custom']).toBe('brewed');
      expect(res.headers['cache-control']).toBe('max-age=7');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body.toString('utf8')).toBe('I am a teapot, short and stout');
    });
  });

  describe('request headers', () => {
    it('forwards Authorization and x-store-id', async () => {
      await send(gateway.url, {
        path: '/v1/countries/auth-check',
        headers: {
          Authorization: 'Bearer tok_123.secret',
          'x-store-id': 'store-42',
          'Idempotency-Key': 'k-1',
        },
      });
      const seen = countries.last('/v1/countries/auth-check').headers;
      expect(seen.authorization).toBe('Bearer tok_123.secret');
      expect(seen['x-store-id']).toBe('store-42');
      expect(seen['idempotency-key']).toBe('k-1');
    });

    it("forwards and echoes the caller's X-Request-Id when it is a uuid", async () => {
      const id = randomUUID();
      const res = await send(gateway.url, {
        path: '/v1/countries/rid-valid',
        headers: { 'X-Request-Id': id },
      });
      expect(countries.last('/v1/countries/rid-valid').headers['x-request-id']).toBe(id);
      expect(res.headers['x-request-id']).toBe(id);
    });

    it('replaces a non-uuid X-Request-Id with a generated uuid, upstream and in the response', async () => {
      const res = await send(gateway.url, {
        path: '/v1/countries/rid-invalid',
        headers: { 'X-Request-Id': 'not-a-uuid; drop table' },
      });
      const forwarded = countries.last('/v1/countries/rid-invalid').headers['x-request-id'];
      expect(forwarded).toMatch(UUID);
      expect(res.headers['x-request-id']).toBe(forwarded);
    });

    it("continues the caller's trace with a gateway span as the upstream's parent", async () => {
      const res = await send(gateway.url, {
        path: '/v1/countries/trace',
        headers: { traceparent: `00-${CALLER_TRACE_ID}-${CALLER_PARENT_ID}-01`, tracestate: 'vendor=abc' },
      });
      const seen = countries.last('/v1/countries/trace').headers;
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
      await send(gateway.url, {
        path: '/v1/countries/trace-invalid',
        headers: { traceparent: `ff-${CALLER_TRACE_ID}-${CALLER_PARENT_ID}-01`, tracestate: 'vendor=abc' },
      });
      const seen = countries.last('/v1/countries/trace-invalid').headers;
      expect(traceOf(seen).traceId).not.toBe(CALLER_TRACE_ID);
      expect(seen.tracestate).toBeUndefined();
      await send(gateway.url, { path: '/v1/countries/trace-none' });
      expect(traceOf(countries.last('/v1/countries/trace-none').headers).traceId).toMatch(/^[0-9a-f]{32}$/);
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
        await send(gateway.url, { path, headers });
        const upstream = traceOf(countries.last(path).headers);
        if (vector.w3cExpectation === 'continue-trace') expect(upstream.traceId).toBe(vector.comparedTraceId);
        else expect(upstream.traceId).not.toBe(vector.comparedTraceId);
      });
    });
  });

  describe('request bodies', () => {
    const MiB = 1024 * 1024;

    /** A body sent chunked (no Content-Length), as a stream of 64 KiB pieces. */
    const chunked = (bytes: number): ReadableStream<Uint8Array> => {
      let left = bytes;
      return new ReadableStream({
        pull(controller) {
          if (left <= 0) return controller.close();
          const piece = Math.min(left, 64 * 1024);
          left -= piece;
          controller.enqueue(new Uint8Array(piece).fill(97));
        },
      });
    };

    /** A raw socket client: the status line it reads while (or after) it sends `bytes` of body. */
    const rawStatus = (path: string, bytes: number, asChunks: boolean): Promise<string> =>
      new Promise((resolve, reject) => {
        const url = new URL(gateway.url);
        const socket = connect(Number(url.port), url.hostname);
        let answer = '';
        socket.on('data', (d: Buffer) => {
          answer += d.toString('latin1');
          if (answer.includes('\r\n')) {
            resolve(answer.slice(0, answer.indexOf('\r\n')));
            socket.destroy();
          }
        });
        socket.on('error', (error) => (answer ? resolve(answer.split('\r\n')[0]) : reject(error)));
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n` +
            (asChunks ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${bytes}\r\n\r\n`),
        );
        const piece = Buffer.alloc(64 * 1024, 97);
        let sent = 0;
        const pump = () => {
          while (sent < bytes && !socket.destroyed) {
            const n = Math.min(piece.length, bytes - sent);
            sent += n;
            const data = asChunks
              ? Buffer.concat([
                  Buffer.from(`${n.toString(16)}\r\n`),
                  piece.subarray(0, n),
                  Buffer.from('\r\n'),
                ])
              : piece.subarray(0, n);
            if (!socket.write(data)) return void socket.once('drain', pump);
          }
          if (asChunks && !socket.destroyed) socket.write('0\r\n\r\n');
        };
        pump();
      });

    it.each([
      ['commerce', '/v1/commerce/stores/st_1/customers', { name: 'PAYLOAD_TOO_LARGE' }],
      ['domains', '/v1/countries', { code: 'PAYLOAD_TOO_LARGE' }],
    ])(
      'refuses a body over the route limit itself: 413 in the %s shape, with Content-Length or chunked, 3 and 30 MB, never proxied',
      async (_family, path, shape) => {
        for (const size of [3 * MiB, 30 * MiB]) {
          const declared = await fetch(`${gateway.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: Buffer.alloc(size, 'a'),
          });
          expect(declared.status).toBe(413);
          expect(await declared.json()).toMatchObject(shape);
          const streamed = await fetch(`${gateway.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: chunked(size),
            duplex: 'half',
          } as RequestInit);
          expect(streamed.status).toBe(413);
          expect(await streamed.json()).toMatchObject(shape);
          expect(await rawStatus(path, size, false)).toBe('HTTP/1.1 413 Payload Too Large');
          expect(await rawStatus(path, size, true)).toBe('HTTP/1.1 413 Payload Too Large');
        }
        const upstream = path.startsWith('/v1/countries') ? countries : others;
        expect(upstream.requests.filter((r) => r.method === 'POST' && r.url === path)).toEqual([]);
      },
      60_000,
    );

    it('a subgraph path answers 413 as GraphQL errors; an upload path takes bodies up to its own larger limit', async () => {
      const graphql = await fetch(`${gateway.url}/v2/commerce/stores/st_1/tax-subgraph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(3 * MiB, 'a'),
      });
      expect(graphql.status).toBe(413);
      expect(await graphql.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      });
      const upload = await fetch(`${gateway.url}/v1/hosting/apps/NODEJS-abc/imports`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(3 * MiB, 'a'),
      });
      expect(upload.status).toBe(200);
      expect(others.last('/v1/hosting/apps/NODEJS-abc/imports').body.length).toBe(3 * MiB);
    }, 30_000);

    it('streams a multipart upload of a few MB through without buffering it', async () => {
      const boundary = `----gateway-test-${randomUUID()}`;
      const file = randomBytes(4 * 1024 * 1024);
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="app.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const body = Buffer.concat([head, file, tail]);
      const firstPart = body.subarray(0, 256 * 1024);

      // An upload route (its gateway limit is 64 MiB; the services' own is 1 MiB).
      const url = new URL('/v1/hosting/apps/NODEJS-abc/imports', gateway.url);
      const response = new Promise<ClientResponse>((resolve, reject) => {
        const outgoing = httpRequest(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path: url.pathname,
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(body.length),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const b = Buffer.concat(chunks);
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: b,
                json: <T>() => JSON.parse(b.toString('utf8')) as T,
              });
            });
          },
        );
        outgoing.on('error', reject);
        outgoing.write(firstPart);
        // Only once the upstream has bytes of a body the client has not finished sending is the
        // rest sent: a gateway that buffered the body would never get here.
        waitFor(() => others.bytesInFlight > 0, {
          what: 'upstream to receive the first bytes',
          timeoutMs: 10000,
        })
          .then(() => outgoing.end(body.subarray(firstPart.length)))
          .catch(reject);
      });

      const res = await response;
      expect(res.status).toBe(200);
      const seen = others.last('/v1/hosting/apps/NODEJS-abc/imports');
      expect(seen.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
      expect(seen.body.length).toBe(body.length);
      expect(seen.body.equals(body)).toBe(true);
    });

    it("passes a JSON body larger than the gateway's own 1 MiB bodyLimit through byte for byte where the route takes it", async () => {
      const json = JSON.stringify({
        items: Array.from({ length: 30000 }, (_, i) => ({ i, pad: 'x'.repeat(80) })),
      });
      expect(Buffer.byteLength(json)).toBeGreaterThan(2 * 1024 * 1024);
      const res = await send(gateway.url, {
        method: 'POST',
        path: '/v1/hosting/nodejs/apps/NODEJS-abc/source',
        headers: { 'content-type': 'application/json' },
        body: json,
      });
      expect(res.status).toBe(200);
      expect(others.last('/v1/hosting/nodejs/apps/NODEJS-abc/source').body.toString('utf8')).toBe(json);
    });

    it('passes a body without a content type through', async () => {
      const res = await send(gateway.url, {
        method: 'PUT',
        path: '/v1/countries/raw',
        body: Buffer.from([0, 1, 2, 3]),
      });
      expect(res.status).toBe(200);
      expect(countries.last('/v1/countries/raw').body).toEqual(Buffer.from([0, 1, 2, 3]));
    });
  });

  describe('readiness', () => {
    it('GET /healthz answers 200 when every service it fronts is ready', async () => {
      countries.readinessStatus = 200;
      const res = await send(gateway.url, { path: '/healthz' });
      expect(res.status).toBe(200);
      const expected = Object.fromEntries(
        ROUTE_TABLE.flatMap((r) => [
          [r.service, { kind: 'service', status: 'ready' }],
          ...r.workers.map((w) => [`${r.service}-${w.name}`, { kind: 'worker', status: 'ready' }]),
        ]),
      );
      expect(res.json()).toEqual({ status: 'ok', notReady: [], services: expected });
    });

    it('GET /healthz answers 503 naming the service whose /health/ready is 503', async () => {
      countries.readinessStatus = 503;
      try {
        const res = await send(gateway.url, { path: '/healthz' });
        expect(res.status).toBe(503);
        expect(res.json()).toMatchObject({
          status: 'unavailable',
          notReady: ['countries'],
          services: { countries: { status: 'not_ready', reason: 'readiness answered 503' } },
        });
      } finally {
        countries.readinessStatus = 200;
      }
    });

    it("the gateway's own /health/ready is 200 whatever the services say", async () => {
      expect((await send(gateway.url, { path: '/health/ready' })).status).toBe(200);
      expect((await send(gateway.url, { path: '/health/live' })).status).toBe(200);
    });
  });

  describe('GraphQL without a supergraph', () => {
    it('POST /graphql answers 503 with a GraphQL-shaped SUPERGRAPH_NOT_AVAILABLE error', async () => {
      const res = await send(gateway.url, {
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

// ---------------------------------------------------------------------------------------------

describe('gateway (synthetic route table: longest prefix, path parameters, workers, a dead service)', () => {
  let hosting: FakeUpstream;
  let nodejs: FakeUpstream;
  let worker: FakeUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    [hosting, nodejs, worker] = await Promise.all([
      FakeUpstream.start(),
      FakeUpstream.start(),
      FakeUpstream.start(),
    ]);
    const table: ServiceRoute[] = [
      {
        service: 'hosting',
        prefixes: ['/v1/hosting'],
        urlEnv: 'HOSTING_URL',
        workers: [{ name: 'deployer', port: 1, prefixes: ['/hosted'] }],
      },
      {
        service: 'agent-registry',
        prefixes: ['/v1/hosting/nodejs'],
        urlEnv: 'AGENT_REGISTRY_URL',
        workers: [],
      },
      {
        service: 'commerce-rest',
        prefixes: ['/v2/commerce/stores'],
        urlEnv: 'COMMERCE_REST_URL',
        workers: [],
      },
      {
        service: 'catalog-subgraph',
        prefixes: ['/v2/commerce/stores/{storeId}/catalog-subgraph'],
        urlEnv: 'CATALOG_SUBGRAPH_URL',
        workers: [],
      },
      { service: 'mailboxes', prefixes: ['/mailboxes'], urlEnv: 'MAILBOXES_URL', workers: [] },
    ];
    gateway = await startGateway(
      {
        HOSTING_URL: hosting.url,
        AGENT_REGISTRY_URL: nodejs.url,
        COMMERCE_REST_URL: hosting.url,
        CATALOG_SUBGRAPH_URL: nodejs.url,
        MAILBOXES_URL: `http://127.0.0.1:${await deadPort()}`,
        HOSTING_DEPLOYER_HEALTH_URL: worker.url,
      },
      table,
    );
  });

  afterAll(async () => {
    await gateway?.app.close();
    await Promise.all([hosting, nodejs, worker].map((f) => f?.close()));
  });

  it('sends a path to the service with the longest matching prefix', async () => {
    await send(gateway.url, { path: '/v1/hosting/nodejs/apps/1' });
    await send(gateway.url, { path: '/v1/hosting/nodejsX' });
    await send(gateway.url, { path: '/v1/hosting/sites' });
    expect(nodejs.requests.map((r) => r.url)).toContain('/v1/hosting/nodejs/apps/1');
    expect(hosting.requests.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/v1/hosting/nodejsX', '/v1/hosting/sites']),
    );
    expect(nodejs.requests.map((r) => r.url)).not.toContain('/v1/hosting/nodejsX');
  });

  it('matches a prefix with a {param} segment and forwards the path unchanged', async () => {
    await send(gateway.url, {
      method: 'POST',
      path: '/v2/commerce/stores/st_9/catalog-subgraph',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await send(gateway.url, { path: '/v2/commerce/stores/st_9/transactions?limit=5' });
    expect(nodejs.last('/v2/commerce/stores/st_9/catalog-subgraph').method).toBe('POST');
    expect(hosting.last('/v2/commerce/stores/st_9/transactions').url).toBe(
      '/v2/commerce/stores/st_9/transactions?limit=5',
    );
  });

  it("sends a worker's own prefixes to the worker's port, path, query and body unchanged", async () => {
    const res = await send(gateway.url, {
      method: 'POST',
      path: '/hosted/NODEJS-abc/preview/form?x=1',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    const seen = worker.last('/hosted/NODEJS-abc/preview/form');
    expect(seen).toMatchObject({ method: 'POST', url: '/hosted/NODEJS-abc/preview/form?x=1' });
    expect(seen.body.toString()).toBe('a=1');
    await send(gateway.url, { path: '/hostedX/y' });
    expect(worker.requests.map((r) => r.url)).not.toContain('/hostedX/y');
    expect(hosting.requests.map((r) => r.url)).not.toContain('/hosted/NODEJS-abc/preview/form?x=1');
  });

  it('answers 503 UPSTREAM_UNAVAILABLE with Retry-After in the domains shape when the service is down', async () => {
    const id = randomUUID();
    const res = await send(gateway.url, { path: '/mailboxes/m1', headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.json()).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      message: expect.stringContaining('mailboxes'),
      retryAfterSec: 2,
    });
    expect(res.body.toString('utf8')).not.toMatch(/ECONNREFUSED|at .*\.js/);
  });

  it('GET /healthz answers 503 naming the service that is down and checks workers', async () => {
    const res = await send(gateway.url, { path: '/healthz' });
    expect(res.status).toBe(503);
    const body = res.json<{
      notReady: string[];
      services: Record<string, { kind: string; status: string; reason?: string }>;
    }>();
    expect(body.notReady).toEqual(['mailboxes']);
    expect(body.services.mailboxes).toEqual({
      kind: 'service',
      status: 'not_ready',
      reason: 'not reachable',
    });
    expect(body.services['hosting-deployer']).toEqual({ kind: 'worker', status: 'ready' });
  });

  it('GET /healthz names a worker that is not ready', async () => {
    worker.readinessStatus = 503;
    try {
      const res = await send(gateway.url, { path: '/healthz' });
      expect(res.status).toBe(503);
      expect(res.json<{ notReady: string[] }>().notReady).toEqual(['hosting-deployer', 'mailboxes']);
    } finally {
      worker.readinessStatus = 200;
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('gateway (federated /graphql over in-test subgraphs)', () => {
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
  let catalog: FakeUpstream;
  let tax: FakeUpstream;
  let slow: FakeUpstream;
  let gateway: RunningGateway;
  let tmp: string;

  const graphqlAnswer =
    (data: Record<string, unknown>): Responder =>
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
    catalog = await FakeUpstream.start(graphqlAnswer({ products: [{ id: 'p1', name: 'Green tea' }] }));
    tax = await FakeUpstream.start(graphqlAnswer({ taxRate: 0.19 }));
    // Takes every fetch and never answers it.
    slow = await FakeUpstream.start(() => true);
    const composed = composeSupergraph([
      {
        name: 'catalog',
        url: `${catalog.url}/v2/commerce/stores/{storeId}/catalog-subgraph`,
        sdl: catalogSdl,
      },
      { name: 'tax', url: `${tax.url}/v2/commerce/stores/{storeId}/tax-subgraph`, sdl: taxSdl },
      { name: 'stock', url: `http://127.0.0.1:${await deadPort()}/stock-subgraph`, sdl: stockSdl },
      { name: 'slow', url: `${slow.url}/slow-subgraph`, sdl: slowSdl },
    ]);
    if (!composed.ok) throw new Error(composed.errors.join('\n'));
    tmp = mkdtempSync(join(tmpdir(), 'gateway-graphql-'));
    writeFileSync(join(tmp, 'supergraph.graphql'), composed.supergraphSdl);
    gateway = await startGateway({
      COUNTRIES_URL: `http://127.0.0.1:${await deadPort()}`,
      // The real route table has catalog and tax subgraphs too: their configured URLs win over the
      // supergraph's.
      CATALOG_SUBGRAPH_URL: catalog.url,
      TAX_SUBGRAPH_URL: tax.url,
      SUPERGRAPH_FILE: join(tmp, 'supergraph.graphql'),
      UPSTREAM_RESPONSE_TIMEOUT_MS: '1000',
    });
  });

  afterAll(async () => {
    await gateway?.app.close();
    await Promise.all([catalog, tax, slow].map((f) => f?.close()));
    rmSync(tmp, { recursive: true, force: true });
  });

  const postGraphQL = (query: string, headers: Record<string, string> = {}) =>
    send(gateway.url, {
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
      const res = await send(gateway.url, {
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
    const taxCallsBefore = tax.requests.length;
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
    expect(tax.requests.length).toBe(taxCallsBefore);
  });

  it('answers a malformed JSON body with a GraphQL-shaped 400', async () => {
    const res = await send(gateway.url, {
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

describe('gateway (a service that answers before reading a large body, then closes)', () => {
  let upstream: Server;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // What Fastify does over its bodyLimit: answer 413 at once and close the connection without
    // reading the body. The gateway's proxy then fails to send the body.
    upstream = createServer((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"code":"PAYLOAD_TOO_LARGE"}', () => req.socket.destroy());
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    gateway = await startGateway({ COUNTRIES_URL: url }, [
      // A limit above the bodies sent: they reach the upstream, which refuses them itself.
      {
        service: 'countries',
        prefixes: ['/v1/countries'],
        urlEnv: 'COUNTRIES_URL',
        workers: [],
        maxBodyBytes: 64 * 1024 * 1024,
      },
    ]);
  });

  afterAll(async () => {
    await gateway?.app.close();
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  it('a failed large upload leaves no stalled connection behind: the next requests answer at once', async () => {
    // fetch keeps its connections to the gateway alive: a connection left with the unread rest of
    // a body would take the next request and never answer it.
    for (const size of [3, 30]) {
      const upload = await fetch(`${gateway.url}/v1/countries/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(size * 1024 * 1024, 'a'),
        signal: AbortSignal.timeout(10_000),
      });
      expect(upload.status).toBeGreaterThanOrEqual(400);
      await upload.arrayBuffer();
      for (let i = 0; i < 4; i += 1) {
        const next = await fetch(`${gateway.url}/v1/countries`, { signal: AbortSignal.timeout(3000) });
        expect(next.status).toBe(200);
        await next.arrayBuffer();
      }
    }
  }, 60_000);
});

describe('gateway (deadlines and hop-by-hop headers)', () => {
  let upstream: FakeUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await FakeUpstream.start((req, res) => {
      // Accepts the request and never answers.
      if (req.url === '/v1/countries/never') return true;
      if (req.url === '/v1/countries/hop') {
        res.writeHead(200, {
          'content-type': 'application/json',
          connection: 'keep-alive, x-hop',
          'keep-alive': 'timeout=5',
          'x-hop': 'of this connection only',
          'x-kept': 'end to end',
        });
        res.end('{"ok":true}');
        return true;
      }
      return false;
    });
    gateway = await startGateway({ COUNTRIES_URL: upstream.url, UPSTREAM_RESPONSE_TIMEOUT_MS: '300' }, [
      { service: 'countries', prefixes: ['/v1/countries'], urlEnv: 'COUNTRIES_URL', workers: [] },
    ]);
  });

  afterAll(async () => {
    await gateway?.app.close();
    await upstream?.close();
  });

  it('answers 504 UPSTREAM_TIMEOUT in the domains shape when the service sends no answer in time', async () => {
    const res = await send(gateway.url, { path: '/v1/countries/never' });
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      message: 'the countries service did not answer in time',
    });
    expect(upstream.last('/v1/countries/never').method).toBe('GET');
  });

  it("keeps the service's connection headers (and those its Connection header names) out of the answer", async () => {
    const res = await send(gateway.url, { path: '/v1/countries/hop' });
    expect(res.status).toBe(200);
    expect(res.headers['x-kept']).toBe('end to end');
    expect(res.headers['x-hop']).toBeUndefined();
    // The gateway's own keep-alive terms, not the service's.
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
  });

  it("keeps the caller's connection headers out of the request the service receives", async () => {
    await send(gateway.url, {
      path: '/v1/countries/echo',
      headers: { connection: 'keep-alive, x-caller-hop', 'x-caller-hop': 'gateway only', 'x-kept': 'yes' },
    });
    const received = upstream.last('/v1/countries/echo').headers;
    expect(received['x-kept']).toBe('yes');
    expect(received['x-caller-hop']).toBeUndefined();
  });

  it('closes the connection after the answer when the caller asked for it, whatever the service said', async () => {
    const { head, closed } = await new Promise<{ head: string; closed: boolean }>((resolve, reject) => {
      const socket = connect(Number(new URL(gateway.url).port), '127.0.0.1');
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ head: text.split('\r\n\r\n')[0], closed: false });
      }, 5000);
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ head: text.split('\r\n\r\n')[0], closed: true });
      });
      socket.write('GET /v1/countries/hop HTTP/1.1\r\nhost: gateway\r\nconnection: close\r\n\r\n');
    });
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });
});
