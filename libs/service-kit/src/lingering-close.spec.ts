import { type AddressInfo, connect } from 'node:net';
import { BodySend, sendWithFetch, sendWithSocket } from '@platform/testing';
import Fastify, { FastifyInstance } from 'fastify';
import { installLingeringClose } from './lingering-close';

const MiB = 1024 * 1024;

/**
 * A bare Fastify server that refuses uploads before reading them (as an auth guard does) and
 * echoes small bodies it has read: without lingering close, a client still sending reads a reset
 * instead of the 401 (the case of issue 14).
 */
async function startServer(lingering: boolean): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  if (lingering) installLingeringClose(app, { lingerMs: 5000 });
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  app.post('/refuse', async (_request, reply) => reply.code(401).send({ code: 'UNAUTHORIZED' }));
  app.post('/read', { bodyLimit: 1024 }, async (request) => {
    const body = request.body as NodeJS.ReadableStream;
    let bytes = 0;
    for await (const chunk of body) bytes += (chunk as Buffer).length;
    return { bytes };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('installLingeringClose', () => {
  let server: { app: FastifyInstance; url: string };

  beforeAll(async () => {
    server = await startServer(true);
  });
  afterAll(() => server.app.close());

  const cases = (['socket', 'fetch'] as const).flatMap((client) =>
    (['content-length', 'chunked'] as const).flatMap((framing) =>
      [3, 30].map((mb) => [client, framing, mb] as const),
    ),
  );

  it.each(cases)(
    'a %s client sending %s %i MB reads the early 401 and sees the connection close',
    async (client, framing, mb) => {
      const send: BodySend = { url: `${server.url}/refuse`, headers: {}, bytes: mb * MiB, framing };
      const result = client === 'socket' ? await sendWithSocket(send) : await sendWithFetch(send);
      expect({ status: result.status, body: result.body, error: result.error }).toEqual({
        status: 401,
        body: '{"code":"UNAUTHORIZED"}',
        error: null,
      });
    },
  );

  it('answers with Connection: close only when the body was not read to its end', async () => {
    const early = await fetch(`${server.url}/refuse`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(3 * MiB),
    });
    expect(early.headers.get('connection')).toBe('close');
    await early.arrayBuffer();
    const read = await fetch(`${server.url}/read`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(100),
    });
    expect(await read.json()).toEqual({ bytes: 100 });
    expect(read.headers.get('connection')).toBe('keep-alive');
  });

  it('cuts off a client that ignores the close and keeps sending, once the linger time is over', async () => {
    const tight = Fastify();
    installLingeringClose(tight, { lingerMs: 300 });
    tight.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    tight.post('/refuse', async (_request, reply) => reply.code(401).send({ code: 'UNAUTHORIZED' }));
    await tight.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (tight.server.address() as AddressInfo).port;
      // A half-open client: it reads the answer and the server's FIN but goes on sending for ever;
      // the server reads and drops it all, and resets the connection after 300 ms.
      const outcome = await new Promise<{ answer: string; sent: number; error: string | undefined }>(
        (resolve) => {
          const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
          let answer = '';
          let sent = 0;
          let error: string | undefined;
          socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
          socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code));
          socket.on('close', () => resolve({ answer, sent, error }));
          socket.write(
            'POST /refuse HTTP/1.1\r\nhost: x\r\ncontent-type: application/octet-stream\r\ntransfer-encoding: chunked\r\n\r\n',
          );
          const chunk = Buffer.concat([
            Buffer.from('10000\r\n'),
            Buffer.alloc(0x10000, 0x61),
            Buffer.from('\r\n'),
          ]);
          const pump = (): void => {
            while (!socket.destroyed) {
              sent += 0x10000;
              if (!socket.write(chunk)) {
                socket.once('drain', pump);
                return;
              }
            }
          };
          pump();
        },
      );
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 401/);
      expect(outcome.error).toMatch(/^(EPIPE|ECONNRESET)$/);
      expect(outcome.sent).toBeGreaterThan(MiB);
    } finally {
      await tight.close();
    }
  });

  it('without it, Node resets the connection under a client still sending (the failure it prevents)', async () => {
    const bare = await startServer(false);
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 3 }, () =>
          sendWithSocket({ url: `${bare.url}/refuse`, headers: {}, bytes: 30 * MiB, framing: 'chunked' }),
        ),
      );
      expect(outcomes.some((o) => o.status !== 401 || o.error !== null)).toBe(true);
    } finally {
      await bare.app.close();
    }
  });
});
