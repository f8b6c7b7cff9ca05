import { randomUUID } from 'node:crypto';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostingPlan } from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import { HostingPlansClient, HostingRejectedError, HostingUnavailableError } from './hosting-plans.client';

const CREDENTIAL = 'c'.repeat(64);

/**
 * A stand-in for hosting's internal plans routes (the real ones are tested in
 * apps/hosting/test/hosting-plans-internal.e2e-spec.ts): commerce error objects, 201 then 200 by
 * reference, the internal credential checked.
 */
async function startFakeHosting(): Promise<{
  url: string;
  answerWith(status: number | undefined): void;
  calls: { method: string; url: string; body: unknown }[];
  close(): Promise<void>;
}> {
  const plans = new Map<string, HostingPlan>();
  const calls: { method: string; url: string; body: unknown }[] = [];
  let forced: number | undefined;
  const answer = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const commerceError = (name: string) => ({ name, message: name, correlationId: 'x', details: [] });
  const handle = (req: IncomingMessage, raw: string, res: ServerResponse) => {
    const url = req.url ?? '';
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    calls.push({ method: req.method ?? '', url, body });
    if (req.headers[INTERNAL_CREDENTIAL_HEADER] !== CREDENTIAL)
      return answer(res, 401, commerceError('UNAUTHORIZED'));
    if (forced !== undefined) return answer(res, forced, commerceError('FORCED'));
    const m = /^\/internal\/v1\/accounts\/([^/]+)\/hosting-plans(?:\/([^/]+))?$/.exec(url);
    if (!m) return answer(res, 404, commerceError('NOT_FOUND'));
    if (req.method === 'GET') {
      const plan = plans.get(`${m[1]} ${decodeURIComponent(m[2] ?? '')}`);
      return plan ? answer(res, 200, plan) : answer(res, 404, commerceError('HOSTING_PLAN_NOT_FOUND'));
    }
    const b = body as { reference: string; hostingProduct: string; slotLimit: number };
    if (b.hostingProduct !== 'WEB_HOSTING') return answer(res, 400, commerceError('INVALID_REQUEST'));
    const key = `${m[1]} ${b.reference}`;
    const known = plans.get(key);
    if (known) return answer(res, 200, known);
    const plan: HostingPlan = { ...b, subscriptionId: randomUUID(), status: 'ACTIVE' };
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
    answerWith: (status) => {
      forced = status;
    },
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('HostingPlansClient against the internal API (fake hosting service over HTTP)', () => {
  let fake: Awaited<ReturnType<typeof startFakeHosting>>;
  let client: HostingPlansClient;
  const account = randomUUID();

  beforeAll(async () => {
    fake = await startFakeHosting();
    client = new HostingPlansClient({
      baseUrl: `${fake.url}/`,
      internalCredential: CREDENTIAL,
      timeoutMs: 2000,
    });
  });
  afterAll(() => fake.close());
  afterEach(() => fake.answerWith(undefined));

  it('provisions a plan (201), answers the same plan on replay (200), and reads it by reference', async () => {
    const request = { reference: 'checkout:1:line:2', hostingProduct: 'WEB_HOSTING', slotLimit: 3 };
    const plan = await client.provision(account, request);
    expect(plan).toEqual({ ...request, subscriptionId: expect.any(String), status: 'ACTIVE' });
    await expect(client.provision(account, request)).resolves.toEqual(plan);
    await expect(client.get(account, request.reference)).resolves.toEqual(plan);
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'GET',
      url: `/internal/v1/accounts/${account}/hosting-plans/checkout%3A1%3Aline%3A2`,
    });
  });

  it('answers undefined for a reference the account never used', async () => {
    await expect(client.get(account, 'never-used')).resolves.toBeUndefined();
  });

  it('tells a retryable failure (5xx, 429, unreachable) from a refusal (4xx), with the hosting error name as code', async () => {
    await expect(
      client.provision(account, { reference: 'r', hostingProduct: 'OTHER', slotLimit: 1 }),
    ).rejects.toMatchObject({ status: 400, code: 'INVALID_REQUEST', retryable: false });
    for (const status of [503, 429]) {
      fake.answerWith(status);
      await expect(client.get(account, 'r')).rejects.toBeInstanceOf(HostingUnavailableError);
    }
    fake.answerWith(404);
    await expect(client.get(account, 'r')).rejects.toBeInstanceOf(HostingRejectedError);
    fake.answerWith(undefined);
    const wrong = new HostingPlansClient({ baseUrl: fake.url, internalCredential: 'x'.repeat(64) });
    await expect(wrong.get(account, 'r')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const closed = new HostingPlansClient({ baseUrl: 'http://127.0.0.1:1', internalCredential: CREDENTIAL });
    await expect(closed.get(account, 'r')).rejects.toBeInstanceOf(HostingUnavailableError);
  });
});
