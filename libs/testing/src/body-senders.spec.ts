import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendWithFetch, sendWithSocket } from './body-senders';

/** A plain-text answer with its length (no chunked framing to undo) that closes the connection. */
const answer = (res: ServerResponse, status: number, text: string): void => {
  res.writeHead(status, {
    'content-type': 'text/plain',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  });
  res.end(text);
};

/** A server that counts the body bytes it read; `refuse` answers a 100-continue request from its head. */
async function countingServer(
  refuse: boolean,
): Promise<{ url: string; read: () => number; close: () => Promise<void> }> {
  let read = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    req.on('data', (chunk: Buffer) => (read += chunk.length));
    req.on('end', () => answer(res, 200, `read ${read}`));
  };
  const server: Server = createServer(handle);
  server.on('checkContinue', (req, res) => {
    if (!refuse) {
      res.writeContinue();
      handle(req, res);
      return;
    }
    answer(res, 401, 'no token');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/upload`,
    read: () => read,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('sendWithSocket with Expect: 100-continue', () => {
  it.each(['content-length', 'chunked'] as const)(
    'sends the %s body only after 100 Continue, and reads the final answer',
    async (framing) => {
      const server = await countingServer(false);
      try {
        const result = await sendWithSocket({
          url: server.url,
          headers: {},
          bytes: 300_000,
          framing,
          expectContinue: true,
        });
        expect(result).toMatchObject({ status: 200, body: 'read 300000', error: null });
        expect(server.read()).toBe(300_000);
      } finally {
        await server.close();
      }
    },
  );

  it('never sends the body when the server answers from the head', async () => {
    const server = await countingServer(true);
    try {
      const result = await sendWithSocket({
        url: server.url,
        headers: {},
        bytes: 3_000_000,
        framing: 'content-length',
        expectContinue: true,
      });
      expect(result).toMatchObject({ status: 401, body: 'no token', error: null });
      expect(server.read()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('is refused for fetch, which cannot send the header', async () => {
    await expect(
      sendWithFetch({
        url: 'http://127.0.0.1:1/',
        headers: {},
        bytes: 1,
        framing: 'chunked',
        expectContinue: true,
      }),
    ).rejects.toThrow(/fetch cannot send Expect/);
  });
});
