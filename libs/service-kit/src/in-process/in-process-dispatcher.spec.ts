import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Readable, Writable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import { waitFor } from '@platform/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { Agent, errors, getGlobalDispatcher, request, setGlobalDispatcher, stream } from 'undici';
import { InProcessDispatcher } from './in-process-dispatcher';
import { InProcessRouteTable } from './in-process-route-table';

const MiB = 1024 * 1024;

/** What the in-process service saw of the last request. */
interface Seen {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body: string;
  ip: string;
}

async function listening(fastify: FastifyInstance): Promise<string> {
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(fastify.server.address() as AddressInfo).port}`;
}

describe('InProcessRouteTable', () => {
  it('resolves an origin by scheme and port, whatever loopback name or trailing slash it is written with', () => {
    const table = new InProcessRouteTable();
    const service = Fastify();
    table.mount('http://127.0.0.1:3001', service);
    for (const origin of [
      'http://127.0.0.1:3001',
      'http://localhost:3001',
      'http://localhost:3001/',
      'http://[::1]:3001',
    ])
      expect(table.resolve(origin)).toBe(service);
    expect(table.resolve('http://127.0.0.1:3002')).toBeUndefined();
    expect(table.resolve('https://127.0.0.1:3001')).toBeUndefined();
    expect(table.resolve('not a url')).toBeUndefined();
    table.unmount('http://localhost:3001');
    expect(table.resolve('http://127.0.0.1:3001')).toBeUndefined();
  });
});

describe('InProcessDispatcher', () => {
  const table = new InProcessRouteTable();
  const service = Fastify();
  let seen: Seen | undefined;
  let serviceUrl: string;
  let wire: Server;
  let wireUrl: string;
  let wireHits = 0;
  const fallback = new Agent();
  const dispatcher = new InProcessDispatcher(table, fallback, { headersTimeout: 5_000, bodyTimeout: 5_000 });

  beforeAll(async () => {
    // A stream body parser: the echo reads whatever comes, of any type, as it streams.
    service.removeAllContentTypeParsers();
    service.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    service.all('/*', async (req, reply) => {
      const chunks: Buffer[] = [];
      if (req.body) for await (const chunk of req.body as Readable) chunks.push(chunk as Buffer);
      seen = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        ip: req.ip,
      };
      if (req.url.startsWith('/slow-head')) await new Promise((r) => setTimeout(r, 500));
      if (req.url.startsWith('/stream')) {
        // An answer in pieces, the second one after the caller read the first.
        const out = new Readable({ read: () => undefined });
        out.push('first,');
        setTimeout(() => {
          out.push('second');
          out.push(null);
        }, 50);
        return reply.header('content-type', 'text/plain').send(out);
      }
      return reply
        .header('x-service', 'in-process')
        .send({ method: req.method, url: req.url, bytes: chunks.length });
    });
    serviceUrl = await listening(service);
    table.mount(serviceUrl, service);
    wire = createServer((_req, res) => {
      wireHits += 1;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('over the wire');
    });
    await new Promise<void>((resolve) => wire.listen(0, '127.0.0.1', resolve));
    wireUrl = `http://127.0.0.1:${(wire.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await dispatcher.close();
    await service.close();
    wire.closeAllConnections();
    await new Promise<void>((resolve) => wire.close(() => resolve()));
  });

  it('answers a GET through the service in process, with the path as given and a loopback peer', async () => {
    // As @fastify/reply-from calls it: origin and path apart, the path not parsed as a URL.
    const res = await dispatcher.request({
      origin: serviceUrl,
      path: '/a/../b/%7Ex?q=a+b&f[x]=%2F',
      method: 'GET',
      headers: { 'x-one': ['1', '2'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-service']).toBe('in-process');
    expect(await res.body.json()).toMatchObject({ method: 'GET', url: '/a/../b/%7Ex?q=a+b&f[x]=%2F' });
    expect(seen).toMatchObject({ ip: '127.0.0.1' });
    expect(seen?.headers).toMatchObject({ host: new URL(serviceUrl).host, 'x-one': '1, 2' });
    expect(seen?.headers['user-agent']).toBeUndefined();
    expect(wireHits).toBe(0);
  });

  it('streams a POST body in (chunked, no length) and an answer out, piece by piece', async () => {
    const body = Readable.from(['part one,', 'part two'], { objectMode: false });
    const res = await request(`${serviceUrl}/echo`, {
      dispatcher,
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    expect(seen).toMatchObject({ method: 'POST', body: 'part one,part two' });
    expect(seen?.headers['transfer-encoding']).toBe('chunked');
    expect(seen?.headers['content-length']).toBeUndefined();

    const answer = await request(`${serviceUrl}/stream`, { dispatcher });
    const pieces: string[] = [];
    for await (const chunk of answer.body) pieces.push(String(chunk));
    expect(pieces).toEqual(['first,', 'second']);
  });

  it('sends a Buffer body with its Content-Length, and works through stream()', async () => {
    const chunks: Buffer[] = [];
    await stream(
      `${serviceUrl}/buffered`,
      { dispatcher, method: 'PUT', body: Buffer.from('0123456789') },
      () =>
        new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        }),
    );
    expect(JSON.parse(Buffer.concat(chunks).toString())).toMatchObject({ method: 'PUT', url: '/buffered' });
    expect(seen).toMatchObject({ body: '0123456789' });
    expect(seen?.headers['content-length']).toBe('10');
  });

  it('answers fetch() through the global dispatcher in process, and restores it after', async () => {
    const previous = getGlobalDispatcher();
    setGlobalDispatcher(dispatcher);
    try {
      const res = await fetch(`${serviceUrl}/fetched`, {
        method: 'POST',
        body: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ method: 'POST', url: '/fetched' });
      expect(seen).toMatchObject({ body: 'hello' });
      const streamed = await fetch(`${serviceUrl}/fetched-stream`, {
        method: 'POST',
        body: Readable.toWeb(Readable.from(['a', 'b', 'c'])) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      expect(streamed.status).toBe(200);
      await streamed.arrayBuffer();
      expect(seen).toMatchObject({ body: 'abc' });
      const other = await fetch(`${wireUrl}/x`);
      expect(await other.text()).toBe('over the wire');
    } finally {
      setGlobalDispatcher(previous);
    }
  });

  it('sends an origin no service of the process listens on to the fallback, over a real socket', async () => {
    const before = wireHits;
    const res = await request(`${wireUrl}/elsewhere`, { dispatcher });
    expect(await res.body.text()).toBe('over the wire');
    expect(wireHits).toBe(before + 1);
  });

  it("fails a request past headersTimeout with undici's HeadersTimeoutError", async () => {
    await expect(
      request(`${serviceUrl}/slow-head`, { dispatcher, headersTimeout: 100 }),
    ).rejects.toBeInstanceOf(errors.HeadersTimeoutError);
    await expect(
      request(`${serviceUrl}/slow-head`, { dispatcher, headersTimeout: 100 }),
    ).rejects.toMatchObject({
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
  });

  it('honours an abort from the caller', async () => {
    const controller = new AbortController();
    const pending = request(`${serviceUrl}/slow-head`, { dispatcher, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("refuses undici's refused headers with its own errors", async () => {
    await expect(
      request(`${serviceUrl}/x`, { dispatcher, headers: { expect: '100-continue' } }),
    ).rejects.toBeInstanceOf(errors.NotSupportedError);
    await expect(
      request(`${serviceUrl}/x`, { dispatcher, headers: { upgrade: 'websocket' } }),
    ).rejects.toBeInstanceOf(errors.InvalidArgumentError);
  });

  it('answers ECONNREFUSED, as a closed port does, for a service that no longer listens', async () => {
    const closed = Fastify();
    closed.get('/', async () => 'never');
    const url = await listening(closed);
    table.mount(url, closed);
    await closed.close();
    await expect(request(`${url}/`, { dispatcher })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    table.unmount(url);
  });

  it('adds traceparent from the active OpenTelemetry context only when the caller sent none', async () => {
    await request(`${serviceUrl}/trace`, {
      dispatcher,
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    }).then((r) => r.body.dump());
    expect(seen?.headers.traceparent).toBe('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
  });
});

/**
 * What a caller of the dispatcher sees is what it sees over a socket: each case runs once through
 * a plain Agent to the service's port and once through the InProcessDispatcher.
 */
describe.each(['over the wire', 'in process'] as const)(
  'InProcessDispatcher, as undici over a socket (%s)',
  (hop) => {
    const table = new InProcessRouteTable();
    const service = Fastify();
    const fallback = new Agent();
    const dispatcher =
      hop === 'in process'
        ? new InProcessDispatcher(table, fallback, { headersTimeout: 5_000, bodyTimeout: 5_000 })
        : fallback;
    let serviceUrl: string;
    /** An app behind the service: reads a body whole and answers its length a moment later. */
    let app: Server;
    let appUrl: string;

    beforeAll(async () => {
      app = createServer((req, res) => {
        let bytes = 0;
        req.on('data', (chunk: Buffer) => (bytes += chunk.length));
        req.on('end', () =>
          setTimeout(
            () => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"bytes":${bytes}}`),
            50,
          ),
        );
      });
      await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
      appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      service.removeAllContentTypeParsers();
      service.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      // The hosting worker's /hosted route: the body goes on to the app as it streams, unparsed.
      await service.register(replyFrom, { disableRequestLogging: true, retryMethods: [] });
      service.post('/proxied', (_request, reply) => reply.from(`${appUrl}/`));
      // An early answer (an auth guard): the body is never read.
      service.post('/refused', async (_request, reply) => reply.code(401).send({ code: 'UNAUTHORIZED' }));
      serviceUrl = await listening(service);
      table.mount(serviceUrl, service);
    });

    afterAll(async () => {
      await dispatcher.close();
      await service.close();
      app.closeAllConnections();
      await new Promise<void>((resolve) => app.close(() => resolve()));
    });

    it.each([
      ['a streamed body', () => Readable.from([Buffer.alloc(1000, 97), Buffer.alloc(24, 98)])],
      ['a Buffer', () => Buffer.alloc(1024, 97)],
    ])('answers a service that sends %s on to an app with @fastify/reply-from', async (_what, body) => {
      // undici, sending the service's request on, destroys it once read to its end: a request read
      // whole and destroyed is over, not the client gone (Node's IncomingMessage).
      const res = await request(`${serviceUrl}/proxied`, {
        dispatcher,
        method: 'POST',
        body: body(),
        headers: { 'content-type': 'application/octet-stream', 'content-length': '1024' },
      });
      expect(res.statusCode).toBe(200);
      expect(await res.body.json()).toEqual({ bytes: 1024 });
    });

    it.each(['content-length', 'chunked'] as const)(
      "destroys the caller's unfinished body (%s) once the service's early answer is complete",
      async (framing) => {
        // A body that never ends, piped from the caller's own source (the gateway pipes the client's
        // request into it): undici destroys it when the answer ends first, which unpipes the source.
        const source = new Readable({ read: () => undefined });
        const body = new PassThrough();
        source.pipe(body);
        const piece = Buffer.alloc(64 * 1024, 97);
        const pump = setInterval(() => source.push(piece), 1);
        try {
          const res = await request(`${serviceUrl}/refused`, {
            dispatcher,
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/octet-stream',
              ...(framing === 'content-length' ? { 'content-length': String(64 * MiB) } : {}),
            },
          });
          expect(res.statusCode).toBe(401);
          expect(await res.body.json()).toEqual({ code: 'UNAUTHORIZED' });
          await waitFor(() => body.destroyed || undefined, {
            what: "the caller's body to be destroyed",
            timeoutMs: 2000,
          });
          // Nothing holds the caller's source back any more: resumed, it flows (and is dropped).
          source.resume();
          expect(source.readableFlowing).toBe(true);
        } finally {
          clearInterval(pump);
          source.destroy();
        }
      },
    );
  },
);
