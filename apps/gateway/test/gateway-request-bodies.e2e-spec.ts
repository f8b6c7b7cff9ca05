import { randomBytes, randomUUID } from 'node:crypto';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import replyFrom from '@fastify/reply-from';
import { sendWithSocket, waitFor } from '@platform/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  Answer,
  FakeService,
  HOPS,
  IN_PROCESS_SERVICES,
  RunningGateway,
  answerOf,
  call,
  open,
  rawExchange,
  rawStatus,
  startCountriesGateway,
  startGatewayOver,
  startedForSuite,
} from './support/gateway-test-kit';

/** Request bodies through the gateway: its per-route limits, streaming, and early answers. */

const MiB = 1024 * 1024;

/** Lingering close's bound on reading the rest of a body after an early answer (service-kit). */
const LINGER_MS = 5000;

/** A Shopping API error: the UCP envelope, one error message with a severity (docs/errors.md). */
const ucpError = (code: string) => ({
  ucp: { version: '2026-04-08', status: 'error' },
  messages: [
    {
      type: 'error',
      code,
      content_type: 'plain',
      content: expect.any(String),
      severity: expect.stringMatching(
        /^(recoverable|requires_buyer_input|requires_buyer_review|unrecoverable)$/,
      ),
    },
  ],
});

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

describe.each(HOPS)('gateway (real route table, fake countries service), %s', (hop) => {
  const rt = startedForSuite(() => startCountriesGateway(undefined, hop));
  // The gateway refuses a declared length before any hop; a chunked body is cut as it streams to
  // the service, in process too. The 30 MB case is about sockets' buffers: over the wire only.
  const sizes = hop === 'over the wire' ? [3 * MiB, 30 * MiB] : [3 * MiB];

  describe('request bodies', () => {
    it.each([
      ['commerce', '/v1/commerce/stores/st_1/customers', { name: 'PAYLOAD_TOO_LARGE' }],
      ['domains', '/v1/countries', { code: 'PAYLOAD_TOO_LARGE' }],
      ['shopping (UCP envelope)', '/v1/shopping/checkout-sessions', ucpError('payload_too_large')],
    ])(
      'refuses a body over the route limit itself: 413 in the %s shape, with Content-Length or chunked, 3 and 30 MB, never proxied',
      async (_family, path, shape) => {
        for (const size of sizes) {
          const declared = await fetch(`${rt.gateway.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: Buffer.alloc(size, 'a'),
          });
          expect(declared.status).toBe(413);
          expect(await declared.json()).toMatchObject(shape);
          const streamed = await fetch(`${rt.gateway.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: chunked(size),
            duplex: 'half',
          } as RequestInit);
          expect(streamed.status).toBe(413);
          expect(await streamed.json()).toMatchObject(shape);
          expect(await rawStatus(rt.gateway.url, path, size, false)).toBe('HTTP/1.1 413 Payload Too Large');
          expect(await rawStatus(rt.gateway.url, path, size, true)).toBe('HTTP/1.1 413 Payload Too Large');
        }
        const upstream = path.startsWith('/v1/countries') ? rt.countries : rt.others;
        expect(upstream.received.filter((r) => r.method === 'POST' && r.url === path)).toEqual([]);
      },
      60_000,
    );

    it('a subgraph path answers 413 as GraphQL errors; an upload path takes bodies up to its own larger limit', async () => {
      const graphql = await fetch(`${rt.gateway.url}/v2/commerce/stores/st_1/tax-subgraph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(3 * MiB, 'a'),
      });
      expect(graphql.status).toBe(413);
      expect(await graphql.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
      });
      const upload = await fetch(`${rt.gateway.url}/v1/hosting/apps/NODEJS-abc/imports`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(3 * MiB, 'a'),
      });
      expect(upload.status).toBe(200);
      expect(rt.others.last('/v1/hosting/apps/NODEJS-abc/imports')).toMatchObject({ hop });
      expect(rt.others.last('/v1/hosting/apps/NODEJS-abc/imports').body.length).toBe(3 * MiB);
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
      const response = new Promise<Answer>((resolve, reject) => {
        const outgoing = open(
          rt.gateway.url,
          {
            method: 'POST',
            path: '/v1/hosting/apps/NODEJS-abc/imports',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(body.length),
            },
          },
          (res) => answerOf(res).then(resolve, reject),
        );
        outgoing.on('error', reject);
        outgoing.write(firstPart);
        // Only once the upstream has bytes of a body the client has not finished sending is the
        // rest sent: a gateway that buffered the body would never get here.
        waitFor(() => rt.others.bytesInFlight > 0, {
          what: 'upstream to receive the first bytes',
          timeoutMs: 10000,
        })
          .then(() => outgoing.end(body.subarray(firstPart.length)))
          .catch(reject);
      });

      const res = await response;
      expect(res.status).toBe(200);
      const seen = rt.others.last('/v1/hosting/apps/NODEJS-abc/imports');
      expect(seen.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
      expect(seen.body.length).toBe(body.length);
      expect(seen.body.equals(body)).toBe(true);
    });

    it("passes a JSON body larger than the gateway's own 1 MiB bodyLimit through byte for byte where the route takes it", async () => {
      const json = JSON.stringify({
        items: Array.from({ length: 30000 }, (_, i) => ({ i, pad: 'x'.repeat(80) })),
      });
      expect(Buffer.byteLength(json)).toBeGreaterThan(2 * 1024 * 1024);
      const res = await call(rt.gateway.url, {
        method: 'POST',
        path: '/v1/hosting/nodejs/apps/NODEJS-abc/source',
        headers: { 'content-type': 'application/json' },
        body: json,
      });
      expect(res.status).toBe(200);
      expect(rt.others.last('/v1/hosting/nodejs/apps/NODEJS-abc/source').body.toString('utf8')).toBe(json);
    });

    it('passes a body without a content type through', async () => {
      const res = await call(rt.gateway.url, {
        method: 'PUT',
        path: '/v1/countries/raw',
        body: Buffer.from([0, 1, 2, 3]),
      });
      expect(res.status).toBe(200);
      expect(rt.countries.last('/v1/countries/raw').body).toEqual(Buffer.from([0, 1, 2, 3]));
    });
  });
});

describe.each(HOPS)(
  'gateway (a service that answers before reading a large body: 413 and closes, or 401 and keeps on), %s',
  (hop) => {
    let upstream: Server;
    let injectable: FastifyInstance;
    let url: string;
    let gateway: RunningGateway;

    beforeAll(async () => {
      // What Fastify does over its bodyLimit: answer 413 at once and close the connection without
      // reading the body. The gateway's proxy then fails to send the body. In process there is no
      // connection to close: the service answers without reading the body, and that is all.
      // What an auth guard does (the platform's services, lingering close aside): answer 401 at once,
      // leave the body unread, keep the connection.
      const answer = (req: IncomingMessage, res: ServerResponse): void => {
        if (req.method === 'POST' && req.url === '/v1/countries/refuse') {
          const body = '{"code":"UNAUTHORIZED"}';
          res.writeHead(401, { 'content-type': 'application/json', 'content-length': String(body.length) });
          res.end(body);
          return;
        }
        if (req.method === 'POST') {
          res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
          res.end('{"code":"PAYLOAD_TOO_LARGE"}', () => {
            if (typeof req.socket.destroy === 'function') req.socket.destroy();
          });
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
      upstream = createServer(answer);
      // The same answer for a gateway of the same process (the kit's FakeService does the same).
      injectable = Fastify({ serverFactory: () => upstream });
      injectable.addHook('onRequest', (request, reply, done) => {
        reply.hijack();
        answer(request.raw, reply.raw);
        done();
      });
      injectable.all('/*', () => undefined);
      await injectable.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      IN_PROCESS_SERVICES.mount(url, injectable);
      gateway = await startGatewayOver(
        [
          // A limit above the bodies sent: they reach the upstream, which refuses them itself.
          {
            service: 'countries',
            prefixes: ['/v1/countries'],
            urlEnv: 'COUNTRIES_URL',
            workers: [],
            maxBodyBytes: 64 * 1024 * 1024,
          },
        ],
        { COUNTRIES_URL: url },
        hop,
      );
    });

    afterAll(async () => {
      await gateway?.close();
      IN_PROCESS_SERVICES.unmount(url);
      upstream.closeAllConnections();
      await injectable.close();
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

    // A client still sending when the answer comes reads it, and the gateway then reads and drops
    // the rest (or the client stops): the connection closes at once, never by lingering close's
    // 5 s timer with a reset that fails the client's write (EPIPE). In process, the gateway's
    // reading of the client's body must not stay held back by the body the service left unread.
    it.each(
      ([3, 30] as const).flatMap((mb) =>
        (['content-length', 'chunked'] as const).flatMap((framing) =>
          [false, true].map((expectContinue) => [mb, framing, expectContinue] as const),
        ),
      ),
    )(
      'a raw socket sending %i MB (%s, Expect: 100-continue %s) reads the early 401 and the connection closes at once',
      async (mb, framing, expectContinue) => {
        const result = await sendWithSocket({
          url: `${gateway.url}/v1/countries/refuse`,
          headers: { authorization: 'Bearer dp_test_token' },
          bytes: mb * 1024 * 1024,
          framing,
          expectContinue,
        });
        expect({ status: result.status, error: result.error }).toEqual({ status: 401, error: null });
        expect(result.body).toContain('UNAUTHORIZED');
        expect(result.ms).toBeLessThan(LINGER_MS - 1000);
      },
      30_000,
    );

    it('answers a client still sending 30 MB early with Connection: close, and closes the connection at once', async () => {
      const bytes = 30 * 1024 * 1024;
      const exchange = await rawExchange(
        gateway.url,
        `POST /v1/countries/refuse HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${bytes}\r\n\r\n${'a'.repeat(bytes)}`,
        LINGER_MS - 1000,
      );
      expect(exchange.closed).toBe(true);
      expect(exchange.text).toMatch(/^HTTP\/1\.1 401 /);
      expect(exchange.text).toMatch(/\r\nconnection: close\r\n/i);
      expect(exchange.text).toContain('UNAUTHORIZED');
    }, 30_000);
  },
);

describe.each(HOPS)(
  "gateway (a worker that sends bodies on to an app, as the hosting worker's /hosted), %s",
  (hop) => {
    let app: FakeService;
    let worker: FastifyInstance;
    let gateway: RunningGateway;

    beforeAll(async () => {
      app = await FakeService.start();
      // The hosting worker's variant proxy: the body streams on to the app, unparsed, through
      // @fastify/reply-from (undici), which destroys the worker's request once it has sent it.
      worker = Fastify();
      await worker.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
        await scope.register(replyFrom, { disableRequestLogging: true, retryMethods: [] });
        scope.all('/hosted/*', (request, reply) => reply.from(`${app.url}${request.url}`));
      });
      await worker.listen({ port: 0, host: '127.0.0.1' });
      const workerUrl = `http://127.0.0.1:${(worker.server.address() as AddressInfo).port}`;
      IN_PROCESS_SERVICES.mount(workerUrl, worker);
      gateway = await startGatewayOver(
        [
          {
            service: 'hosting',
            prefixes: ['/v1/hosting'],
            urlEnv: 'HOSTING_URL',
            workers: [{ name: 'deployer', port: 1, prefixes: ['/hosted'] }],
          },
        ],
        { HOSTING_URL: app.url, HOSTING_DEPLOYER_HEALTH_URL: workerUrl },
        hop,
      );
    });

    afterAll(async () => {
      await gateway?.close();
      IN_PROCESS_SERVICES.unmount(`http://127.0.0.1:${(worker.server.address() as AddressInfo).port}`);
      await worker.close();
      await app.close();
    });

    it('answers a POST with a body (Content-Length or chunked) with the app’s answer, the body passed on whole', async () => {
      const json = JSON.stringify({ targets: Array.from({ length: 50 }, (_, i) => ({ port: 3000 + i })) });
      const declared = await call(gateway.url, {
        method: 'POST',
        path: '/hosted/NODEJS-abc/preview/connect',
        headers: { 'content-type': 'application/json' },
        body: json,
      });
      expect(declared.status).toBe(200);
      expect(declared.json()).toMatchObject({ bodyBytes: json.length });
      const streamed = await fetch(`${gateway.url}/hosted/NODEJS-abc/preview/form`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: chunked(256 * 1024),
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(200);
      expect(await streamed.json()).toMatchObject({ bodyBytes: 256 * 1024 });
      expect(app.last('/hosted/NODEJS-abc/preview/connect').body.toString('utf8')).toBe(json);
      const empty = await call(gateway.url, { method: 'POST', path: '/hosted/NODEJS-abc/preview/ping' });
      expect(empty.status).toBe(200);
    });
  },
);
