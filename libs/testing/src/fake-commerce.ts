import { AddressInfo } from 'node:net';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';

/**
 * A stand-in for commerce-rest's `GET /internal/v1/store-access/{storeId}`, for subgraph suites (an
 * app cannot import another app): 204 when the store was granted to the caller's Authorization
 * header, 404 otherwise; `answerWith` forces a status (401, 500…). Records every call.
 */
export interface FakeCommerce {
  readonly url: string;
  /** Every store-read the fake answered, in order. */
  readonly calls: { storeId: string; authorization: string | undefined; traceparent: string | undefined }[];
  /** Makes `storeId` visible to requests carrying `authorization` (e.g. 'Bearer dpat_…'). */
  grant(authorization: string, storeId: string): void;
  /** Answers every store read with this status until reset with `undefined`. */
  answerWith(status: number | undefined): void;
  close(): Promise<void>;
}

export async function startFakeCommerce(): Promise<FakeCommerce> {
  const grants = new Map<string, Set<string>>();
  const calls: FakeCommerce['calls'] = [];
  let forced: number | undefined;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/internal\/v1\/store-access\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"name":"NOT_FOUND"}');
      return;
    }
    const storeId = decodeURIComponent(match[1]);
    const authorization = req.headers.authorization;
    calls.push({ storeId, authorization, traceparent: req.headers.traceparent as string | undefined });
    const status = forced ?? (authorization && grants.get(authorization)?.has(storeId) ? 204 : 404);
    if (status === 204) {
      res.writeHead(204).end();
      return;
    }
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ name: 'STORE_NOT_FOUND' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    grant(authorization, storeId) {
      const set = grants.get(authorization) ?? new Set<string>();
      set.add(storeId);
      grants.set(authorization, set);
    },
    answerWith(status) {
      forced = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
