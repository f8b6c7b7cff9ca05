import { randomUUID } from 'node:crypto';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostingPlan } from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';

/** A plan the fake made, with the account it belongs to. */
export interface FakeHostingPlan extends HostingPlan {
  readonly accountId: string;
}

/**
 * A stand-in for the hosting service's internal plans routes (the real ones: apps/hosting
 * hosting-plans-internal e2e): POST …/accounts/{accountId}/hosting-plans answers 201 with an
 * ACTIVE plan, 200 with the same plan for a reference it knows, 422 REFERENCE_MISMATCH for a known
 * reference with another product or slot limit, and 400 INVALID_REQUEST for `refuseProduct`'s
 * product; the internal credential is checked; `answerWith` forces a status.
 */
export interface FakeHosting {
  readonly url: string;
  /** Every plan made, in order. */
  plans(accountId?: string): FakeHostingPlan[];
  answerWith(status: number | undefined): void;
  refuseProduct(product: string | undefined): void;
  close(): Promise<void>;
}

export async function startFakeHosting(credential: string): Promise<FakeHosting> {
  const plans = new Map<string, FakeHostingPlan>();
  let forced: number | undefined;
  let refused: string | undefined;
  const answer = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const commerceError = (name: string) => ({ name, message: name, correlationId: 'x', details: [] });
  const handle = (req: IncomingMessage, raw: string, res: ServerResponse) => {
    if (req.headers[INTERNAL_CREDENTIAL_HEADER] !== credential)
      return answer(res, 401, commerceError('UNAUTHORIZED'));
    if (forced !== undefined) return answer(res, forced, commerceError('FORCED'));
    const m = /^\/internal\/v1\/accounts\/([^/]+)\/hosting-plans(?:\/([^/]+))?$/.exec(req.url ?? '');
    if (!m) return answer(res, 404, commerceError('NOT_FOUND'));
    const accountId = decodeURIComponent(m[1]);
    if (req.method === 'GET') {
      const plan = plans.get(`${accountId} ${decodeURIComponent(m[2] ?? '')}`);
      return plan ? answer(res, 200, plan) : answer(res, 404, commerceError('HOSTING_PLAN_NOT_FOUND'));
    }
    const b = JSON.parse(raw) as { reference: string; hostingProduct: string; slotLimit: number };
    if (b.hostingProduct === refused) return answer(res, 400, commerceError('INVALID_REQUEST'));
    const key = `${accountId} ${b.reference}`;
    const known = plans.get(key);
    if (known)
      return known.hostingProduct === b.hostingProduct && known.slotLimit === b.slotLimit
        ? answer(res, 200, known)
        : answer(res, 422, commerceError('REFERENCE_MISMATCH'));
    const plan: FakeHostingPlan = { ...b, accountId, subscriptionId: randomUUID(), status: 'ACTIVE' };
    plans.set(key, plan);
    answer(res, 201, plan);
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plans: (accountId) =>
      [...plans.values()].filter((p) => accountId === undefined || p.accountId === accountId),
    answerWith: (status) => {
      forced = status;
    },
    refuseProduct: (product) => {
      refused = product;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
