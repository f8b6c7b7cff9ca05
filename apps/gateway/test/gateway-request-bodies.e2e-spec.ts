import { randomBytes, randomUUID } from 'node:crypto';
import { Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '@platform/testing';
import {
  Answer,
  RunningGateway,
  answerOf,
  call,
  open,
  rawStatus,
  startCountriesGateway,
  startGatewayOver,
  startedForSuite,
} from './support/gateway-test-kit';

/** Request bodies through the gateway: its per-route limits, streaming, and early answers. */

const MiB = 1024 * 1024;

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

describe('gateway (real route table, fake countries service)', () => {
  const rt = startedForSuite(startCountriesGateway);

  describe('request bodies', () => {
    it.each([
      ['commerce', '/v1/commerce/stores/st_1/customers', { name: 'PAYLOAD_TOO_LARGE' }],
      ['domains', '/v1/countries', { code: 'PAYLOAD_TOO_LARGE' }],
      ['shopping (UCP envelope)', '/v1/shopping/checkout-sessions', ucpError('payload_too_large')],
    ])(
      'refuses a body over the route limit itself: 413 in the %s shape, with Content-Length or chunked, 3 and 30 MB, never proxied',
      async (_family, path, shape) => {
        for (const size of [3 * MiB, 30 * MiB]) {
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
    );
  });

  afterAll(async () => {
    await gateway?.close();
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
