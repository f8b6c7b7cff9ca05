import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import type { SubscriptionAttachmentResponse } from '../src/modules/subscriptions/subscriptions.response';
import { postHostingApp } from './support/hosting-flows';
import type { HostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import { ALL_HOSTING_SCOPES, closeWorkerThenApp, startHostingWithWorker } from './support/hosting-test-app';

interface CommerceError {
  name: string;
  details: { issue: string; field?: string }[];
}

describe('hosting subscriptions (real Postgres)', () => {
  let t: HostingTestApp;
  let worker: HostingWorkerHarness;

  beforeAll(async () => {
    ({ t, worker } = await startHostingWithWorker('hosting-subscriptions'));
  });

  afterAll(() => closeWorkerThenApp(worker, t));

  const newApp = async (cred: TestCredential): Promise<string> =>
    (await postHostingApp(t, cred, 'app')).appId;

  const put = (appId: string, cred: TestCredential, payload?: object) =>
    t.inject({
      method: 'PUT',
      url: `/v1/hosting/apps/${appId}/subscription`,
      headers: cred.headers,
      payload,
    });

  const get = (appId: string, cred: TestCredential) =>
    t.inject({ method: 'GET', url: `/v1/hosting/apps/${appId}/subscription`, headers: cred.headers });

  const attachedCount = async (subscriptionId: string): Promise<number> => {
    const rows: { attached_count: number }[] = await t.dataSource.query(
      'SELECT attached_count FROM hosting.subscriptions WHERE subscription_id = $1',
      [subscriptionId],
    );
    return rows[0].attached_count;
  };

  it('404 before any attach; PUT provisions a WEB_HOSTING plan; re-attaching is idempotent', async () => {
    const cred = await t.newCredential(ALL_HOSTING_SCOPES);
    const appId = await newApp(cred);

    const never = await get(appId, cred);
    expect(never.statusCode).toBe(404);
    expect((never.json() as CommerceError).name).toBe('SUBSCRIPTION_NOT_FOUND');

    const first = await put(appId, cred);
    expect(first.statusCode).toBe(200);
    const attached = first.json() as SubscriptionAttachmentResponse;
    expect(attached).toMatchObject({
      hostingProduct: 'WEB_HOSTING',
      attachState: 'ACTIVE',
      appState: 'PREVIEW',
    });
    expect(attached.subscriptionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(attached.links).toContainEqual({ rel: 'self', href: `/v1/hosting/apps/${appId}/subscription` });

    for (const again of [
      await put(appId, cred, {}),
      await put(appId, cred, { hostingProduct: 'WEB_HOSTING' }),
      await put(appId, cred, { subscriptionId: attached.subscriptionId }),
    ]) {
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(attached);
    }
    expect(await attachedCount(attached.subscriptionId)).toBe(1);
    expect((await get(appId, cred)).json()).toEqual(attached);

    // A second app of the account joins the same plan.
    const second = await put(await newApp(cred), cred, {});
    expect((second.json() as SubscriptionAttachmentResponse).subscriptionId).toBe(attached.subscriptionId);
    expect(await attachedCount(attached.subscriptionId)).toBe(2);
  });

  it('a full plan answers 409 with details[].issue NO_CAPACITY', async () => {
    const cred = await t.newCredential(ALL_HOSTING_SCOPES);
    const apps: string[] = [];
    for (let i = 0; i < 6; i += 1) apps.push(await newApp(cred));
    let subscriptionId = '';
    for (const appId of apps.slice(0, 5)) {
      const res = await put(appId, cred);
      expect(res.statusCode).toBe(200);
      subscriptionId = (res.json() as SubscriptionAttachmentResponse).subscriptionId;
    }
    expect(await attachedCount(subscriptionId)).toBe(5);

    for (const payload of [undefined, { subscriptionId }]) {
      const full = await put(apps[5], cred, payload);
      expect(full.statusCode).toBe(409);
      const body = full.json() as CommerceError;
      expect(body.name).toBe('NO_CAPACITY');
      expect(body.details[0].issue).toBe('NO_CAPACITY');
    }
    expect((await get(apps[5], cred)).statusCode).toBe(404);
    // An app already on the full plan re-attaches without a free slot.
    expect((await put(apps[0], cred, { subscriptionId })).statusCode).toBe(200);
  });

  it('404 for an unknown or another account’s subscription, and for another account’s app', async () => {
    const cred = await t.newCredential(ALL_HOSTING_SCOPES);
    const other = await t.newCredential(ALL_HOSTING_SCOPES);
    const appId = await newApp(cred);
    const otherApp = await newApp(other);
    const theirs = (await put(otherApp, other)).json() as SubscriptionAttachmentResponse;

    for (const subscriptionId of [randomUUID(), theirs.subscriptionId]) {
      const res = await put(appId, cred, { subscriptionId });
      expect(res.statusCode).toBe(404);
      expect((res.json() as CommerceError).name).toBe('SUBSCRIPTION_NOT_FOUND');
    }
    const foreign = await put(otherApp, cred);
    expect(foreign.statusCode).toBe(404);
    expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
    expect((await get(otherApp, cred)).statusCode).toBe(404);
  });

  it('400 for bad bodies, 403 without hosting.application:update', async () => {
    const cred = await t.newCredential(ALL_HOSTING_SCOPES);
    const appId = await newApp(cred);
    for (const [payload, field, issue] of [
      [{ hostingProduct: 'SOMETHING' }, '/hostingProduct', 'INVALID_VALUE'],
      [{ subscriptionId: 'nope' }, '/subscriptionId', 'INVALID_FORMAT'],
      [{ subscriptionId: randomUUID(), hostingProduct: 'WEB_HOSTING' }, '/hostingProduct', 'INVALID_VALUE'],
      [{ other: 1 }, '/other', 'UNKNOWN_FIELD'],
    ] as const) {
      const res = await put(appId, cred, payload);
      expect(res.statusCode).toBe(400);
      expect((res.json() as CommerceError).details).toContainEqual(expect.objectContaining({ issue, field }));
    }
    const readOnly = await t.newCredential(['hosting.application:read'], cred.accountId);
    expect((await put(appId, readOnly)).statusCode).toBe(403);
    const updateOnly = await t.newCredential(['hosting.application:update'], cred.accountId);
    expect((await get(appId, updateOnly)).statusCode).toBe(403);
  });
});
