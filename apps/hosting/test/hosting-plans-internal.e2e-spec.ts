import { randomUUID } from 'node:crypto';
import type { HostingPlan } from '@platform/contracts';
import { callInternalRoute } from '@platform/auth';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import type { Response } from 'light-my-request';
import type { SubscriptionAttachmentResponse } from '../src/modules/subscriptions/subscriptions.response';
import { postHostingApp } from './support/hosting-flows';
import type { HostingTestApp } from './support/hosting-test-app';
import { ALL_HOSTING_SCOPES, startHostingTestApp } from './support/hosting-test-app';

interface CommerceError {
  name: string;
  details: { issue: string; field?: string }[];
}

/**
 * POST /internal/v1/accounts/{accountId}/hosting-plans and GET …/{reference}: the hosting plans
 * the Shopping API provisions, which then take apps through PUT …/subscription.
 */
describe('internal hosting plans (real Postgres)', () => {
  let t: HostingTestApp;
  let credential: Record<string, string>;

  beforeAll(async () => {
    t = await startHostingTestApp('hosting-plans-internal');
    credential = {
      [INTERNAL_CREDENTIAL_HEADER]: deriveInternalCredential(t.env.config('hosting').secretsEncryptionKey),
    };
  });

  afterAll(() => t?.close());

  const provision = (accountId: string, payload: unknown, headers = credential): Promise<Response> =>
    t.inject({
      method: 'POST',
      url: `/internal/v1/accounts/${accountId}/hosting-plans`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  const read = (accountId: string, reference: string, headers = credential): Promise<Response> =>
    t.inject({
      method: 'GET',
      url: `/internal/v1/accounts/${accountId}/hosting-plans/${reference}`,
      headers,
    });

  const plansOf = async (accountId: string): Promise<{ reference: string | null; slot_limit: number }[]> =>
    t.dataSource.query('SELECT reference, slot_limit FROM hosting.subscriptions WHERE account_id = $1', [
      accountId,
    ]);

  const reference = (): string => `checkout:${randomUUID()}:line-2`;

  it('answers 201 with an ACTIVE plan, 200 with the same body on replay, and GET reads it back', async () => {
    const accountId = randomUUID();
    const ref = reference();
    const body = { reference: ref, hostingProduct: 'WEB_HOSTING', slotLimit: 3 };
    const created = await provision(accountId, body);
    expect(created.statusCode).toBe(201);
    const plan = created.json() as HostingPlan;
    expect(plan).toEqual({
      reference: ref,
      subscriptionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      hostingProduct: 'WEB_HOSTING',
      slotLimit: 3,
      status: 'ACTIVE',
    });
    const replay = await provision(accountId, body);
    expect([replay.statusCode, replay.json()]).toEqual([200, plan]);
    const got = await read(accountId, ref);
    expect([got.statusCode, got.json()]).toEqual([200, plan]);
    expect(await plansOf(accountId)).toEqual([{ reference: ref, slot_limit: 3 }]);
  });

  it('makes one plan when 10 calls with one reference arrive at once: one 201, nine 200, one body', async () => {
    const accountId = randomUUID();
    const body = { reference: reference(), hostingProduct: 'WEB_HOSTING', slotLimit: 5 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => provision(accountId, body)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((r) => (r.json() as HostingPlan).subscriptionId)).size).toBe(1);
    expect(await plansOf(accountId)).toHaveLength(1);
  });

  it('takes apps through PUT …/subscription {subscriptionId} up to its slot limit, then 409 NO_CAPACITY', async () => {
    const cred = await t.newCredential(ALL_HOSTING_SCOPES);
    const plan = (
      await provision(cred.accountId, { reference: reference(), hostingProduct: 'WEB_HOSTING', slotLimit: 2 })
    ).json() as HostingPlan;
    const attach = async (payload: object): Promise<Response> => {
      const { appId } = await postHostingApp(t, cred, 'app');
      return t.inject({
        method: 'PUT',
        url: `/v1/hosting/apps/${appId}/subscription`,
        headers: cred.headers,
        payload,
      });
    };
    const first = await attach({ subscriptionId: plan.subscriptionId });
    expect(first.statusCode).toBe(200);
    expect(first.json() as SubscriptionAttachmentResponse).toMatchObject({
      subscriptionId: plan.subscriptionId,
      hostingProduct: 'WEB_HOSTING',
      attachState: 'ACTIVE',
    });
    // The plan is the account's WEB_HOSTING plan: an attach by product lands on it, no new plan.
    const second = await attach({});
    expect((second.json() as SubscriptionAttachmentResponse).subscriptionId).toBe(plan.subscriptionId);
    const third = await attach({ subscriptionId: plan.subscriptionId });
    expect([third.statusCode, (third.json() as CommerceError).name]).toEqual([409, 'NO_CAPACITY']);
    expect(await plansOf(cred.accountId)).toHaveLength(1);
  });

  it('answers 422 REFERENCE_MISMATCH when the reference names a plan of another product or slot limit', async () => {
    const accountId = randomUUID();
    const ref = reference();
    expect(
      (await provision(accountId, { reference: ref, hostingProduct: 'WEB_HOSTING', slotLimit: 2 }))
        .statusCode,
    ).toBe(201);
    const res = await provision(accountId, { reference: ref, hostingProduct: 'WEB_HOSTING', slotLimit: 4 });
    expect(res.statusCode).toBe(422);
    expect((res.json() as CommerceError).name).toBe('REFERENCE_MISMATCH');
  });

  it('keeps references per account and answers 404 HOSTING_PLAN_NOT_FOUND for an unknown one', async () => {
    const ref = reference();
    expect(
      (await provision(randomUUID(), { reference: ref, hostingProduct: 'WEB_HOSTING', slotLimit: 1 }))
        .statusCode,
    ).toBe(201);
    const other = randomUUID();
    const missing = await read(other, ref);
    expect([missing.statusCode, (missing.json() as CommerceError).name]).toEqual([
      404,
      'HOSTING_PLAN_NOT_FOUND',
    ]);
    expect(
      (await provision(other, { reference: ref, hostingProduct: 'WEB_HOSTING', slotLimit: 1 })).statusCode,
    ).toBe(201);
  });

  it.each([
    [
      'an unknown hostingProduct',
      { reference: 'r-1', hostingProduct: 'MANAGED_WORDPRESS', slotLimit: 1 },
      '/hostingProduct',
      'INVALID_VALUE',
    ],
    ['no hostingProduct', { reference: 'r-1', slotLimit: 1 }, '/hostingProduct', 'REQUIRED'],
    ['no reference', { hostingProduct: 'WEB_HOSTING', slotLimit: 1 }, '/reference', 'REQUIRED'],
    [
      'a reference with a slash',
      { reference: 'a/b', hostingProduct: 'WEB_HOSTING', slotLimit: 1 },
      '/reference',
      undefined,
    ],
    [
      'slotLimit 0',
      { reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: 0 },
      '/slotLimit',
      'OUT_OF_RANGE',
    ],
    [
      'slotLimit 101',
      { reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: 101 },
      '/slotLimit',
      'OUT_OF_RANGE',
    ],
    [
      'slotLimit 2.5',
      { reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: 2.5 },
      '/slotLimit',
      undefined,
    ],
    [
      'slotLimit "3"',
      { reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: '3' },
      '/slotLimit',
      undefined,
    ],
    ['no slotLimit', { reference: 'r-1', hostingProduct: 'WEB_HOSTING' }, '/slotLimit', 'REQUIRED'],
    [
      'an unknown field',
      { reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: 1, other: 1 },
      '/other',
      'UNKNOWN_FIELD',
    ],
  ])('answers 400 INVALID_REQUEST for %s', async (_, payload, field, issue) => {
    const res = await provision(randomUUID(), payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as CommerceError;
    expect(body.name).toBe('INVALID_REQUEST');
    expect(body.details).toContainEqual(expect.objectContaining(issue ? { field, issue } : { field }));
  });

  it.each([
    ['a bare list', [{ reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: 1 }]],
    ['a bare string', 'r-1'],
    ['null', null],
  ])('answers 400 (never 500) for %s as the body', async (_, payload) => {
    expect((await provision(randomUUID(), payload)).statusCode).toBe(400);
  });

  it('answers 400 for an account id that is not a uuid and a malformed reference in the path', async () => {
    expect(
      (await provision('nope', { reference: 'r-1', hostingProduct: 'WEB_HOSTING', slotLimit: 1 })).statusCode,
    ).toBe(400);
    expect((await read(randomUUID(), 'has%20space')).statusCode).toBe(400);
  });

  it('answers 401 without the internal credential, with a wrong one, or with a caller token', async () => {
    const cred = await t.newCredential(ALL_HOSTING_SCOPES);
    const wrong = { [INTERNAL_CREDENTIAL_HEADER]: 'f'.repeat(64) };
    const body = { reference: reference(), hostingProduct: 'WEB_HOSTING', slotLimit: 1 };
    const answers = await Promise.all(
      [{}, wrong, cred.headers].flatMap((headers) => [
        provision(cred.accountId, body, headers),
        read(cred.accountId, body.reference, headers),
      ]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(401));
    expect((answers[0].json() as CommerceError).name).toBe('UNAUTHORIZED');
    expect(await plansOf(cred.accountId)).toEqual([]);
  });

  it('answers over HTTP as callInternalRoute (the transport of the Shopping API HostingPlansClient) calls it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.getHttpServer().address() as { port: number };
    const target = {
      baseUrl: `http://127.0.0.1:${port}`,
      credential: credential[INTERNAL_CREDENTIAL_HEADER],
    };
    const accountId = randomUUID();
    const ref = reference();
    const path = `/internal/v1/accounts/${accountId}/hosting-plans`;
    const created = await callInternalRoute(target, 'POST', path, {
      reference: ref,
      hostingProduct: 'WEB_HOSTING',
      slotLimit: 1,
    });
    expect(created.status).toBe(201);
    const got = await callInternalRoute(target, 'GET', `${path}/${encodeURIComponent(ref)}`);
    expect([got.status, got.body]).toEqual([200, created.body]);
    const missing = await callInternalRoute(target, 'GET', `${path}/never-used`);
    expect([missing.status, (missing.body as CommerceError).name]).toEqual([404, 'HOSTING_PLAN_NOT_FOUND']);
  });
});
