import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got, and the status it answered. */
export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` (allowed by the suite's HOSTING_WEBHOOK_ALLOW=127.0.0.1). */
  readonly url: string;
  /** Every request so far, in the order they arrived. */
  readonly received: ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1 for one suite: `answer` chooses each request's status from the
 * request and what came before (e.g. 500 for the first three, then 204).
 */
export async function startWebhookReceiver(
  answer: (
    request: { path: string; headers: IncomingHttpHeaders; body: string },
    before: readonly ReceivedWebhook[],
  ) => number,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const status = answer(request, [...received]);
      received.push({ ...request, status });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
