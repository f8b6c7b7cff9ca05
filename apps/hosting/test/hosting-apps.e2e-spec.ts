import { getQueueToken } from '@nestjs/bullmq';
import { ORPHAN_SCAN_EVERY_MS, orphanScanQueue, orphanScanSchedulerId } from '@platform/queue';
import type { TestCredential } from '@platform/testing';
import { assertForgedCursorsRefused } from '@platform/testing';
import type { Queue } from 'bullmq';
import { HostingAppsQueue } from '../src/modules/apps/apps.jobs';
import type { AppOperationResponse, ApplicationPageResponse } from '../src/modules/apps/apps.response';
import { HostingDeploymentsQueue } from '../src/modules/deployments/deployments.jobs';
import { HostingImportsQueue } from '../src/modules/imports/imports.jobs';
import type { HostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import { ALL_HOSTING_SCOPES, closeWorkerThenApp, startHostingWithWorker } from './support/hosting-test-app';

const APP_ID = /^NODEJS-[A-Za-z0-9_-]{10}$/;

interface CommerceError {
  name: string;
  correlationId: string;
  details: { issue: string; field?: string; location: string }[];
}

describe('hosting apps and app operations (real Postgres, Redis and BullMQ)', () => {
  let t: HostingTestApp;
  let worker: HostingWorkerHarness;
  let cred: TestCredential;
  let other: TestCredential;

  beforeAll(async () => {
    ({ t, worker } = await startHostingWithWorker('hosting-apps'));
    cred = await t.newCredential(ALL_HOSTING_SCOPES);
    other = await t.newCredential(ALL_HOSTING_SCOPES);
  });

  afterAll(() => closeWorkerThenApp(worker, t));

  it('has the worker declare one orphan scan per operation queue at boot, every minute (one scheduler each for all replicas)', async () => {
    for (const operations of [HostingAppsQueue, HostingDeploymentsQueue, HostingImportsQueue]) {
      const scans = worker.app.get<Queue>(getQueueToken(orphanScanQueue(operations).name));
      expect(await scans.getJobScheduler(orphanScanSchedulerId(operations))).toMatchObject({
        every: ORPHAN_SCAN_EVERY_MS,
      });
    }
  });

  const create = (name: unknown, c: TestCredential = cred, appType = 'NODEJS') =>
    t.inject({
      method: 'POST',
      url: `/v1/hosting/apps?appType=${appType}`,
      headers: c.headers,
      payload: { name } as object,
    });

  /** POST /v1/hosting/nodejs/apps (the earlier namespace). */
  const createEarlier = (payload: object, c: TestCredential = cred) =>
    t.inject({ method: 'POST', url: '/v1/hosting/nodejs/apps', headers: c.headers, payload });

  const createApp = async (name: string, c: TestCredential = cred): Promise<AppOperationResponse> => {
    const res = await create(name, c);
    expect(res.statusCode).toBe(202);
    return t.settled((res.json() as AppOperationResponse).operationId, c);
  };

  it('creates an app: 202 EXECUTING, then COMPLETED with both environments', async () => {
    const res = await create('my shop');
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as AppOperationResponse;
    expect(accepted.status).toBe('EXECUTING');
    expect(accepted.appId).toMatch(APP_ID);
    expect(res.headers.location).toBe(`/v1/hosting/app-operations/${accepted.operationId}`);
    expect(accepted.links).toContainEqual({ rel: 'self', href: res.headers.location });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
    expect(res.headers['x-ratelimit-reset']).toBeDefined();

    const done = await t.settled(accepted.operationId, cred);
    expect(done).toMatchObject({ status: 'COMPLETED', appId: accepted.appId });
    expect(done.app).toMatchObject({
      id: accepted.appId,
      name: 'my shop',
      appType: 'NODEJS',
      status: 'ACTIVE',
    });
    expect(done.app?.variants.map((v) => v.variant)).toEqual(['PREVIEW', 'PUBLISH']);
    const rows: { variant: string; desired_state: string }[] = await t.dataSource.query(
      'SELECT variant, desired_state FROM hosting.app_environments WHERE app_id = $1 ORDER BY variant',
      [accepted.appId],
    );
    expect(rows).toEqual([
      { variant: 'PREVIEW', desired_state: 'STOPPED' },
      { variant: 'PUBLISH', desired_state: 'STOPPED' },
    ]);

    const app = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${accepted.appId}`,
      headers: cred.headers,
    });
    expect(app.statusCode).toBe(200);
    expect(app.json()).toMatchObject({ id: accepted.appId, status: 'ACTIVE' });
  });

  it('lists only the caller’s apps, newest first, and pages with links[rel=next]', async () => {
    const mine = [await createApp('a1'), await createApp('a2'), await createApp('a3')].map((o) => o.appId);
    const theirs = (await createApp('theirs', other)).appId;

    const all: string[] = [];
    let url: string | undefined = '/v1/hosting/apps?pageSize=2';
    while (url) {
      const res = await t.inject({ method: 'GET', url, headers: cred.headers });
      expect(res.statusCode).toBe(200);
      const page = res.json() as ApplicationPageResponse;
      expect(page.items.length).toBeLessThanOrEqual(2);
      all.push(...page.items.map((a) => a.id));
      url = page.links.find((l) => l.rel === 'next')?.href;
    }
    expect(all).not.toContain(theirs);
    expect(all.slice(0, 3)).toEqual([...mine].reverse());
    expect(new Set(all).size).toBe(all.length);

    const otherList = (
      await t.inject({ method: 'GET', url: '/v1/hosting/apps', headers: other.headers })
    ).json() as ApplicationPageResponse;
    expect(otherList.items.map((a) => a.id)).toEqual([theirs]);
  });

  it('hides another account’s operations and apps (404)', async () => {
    const op = await createApp('private');
    const res = await t.inject({
      method: 'GET',
      url: `/v1/hosting/app-operations/${op.operationId}`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((res.json() as CommerceError).name).toBe('OPERATION_NOT_FOUND');
    const app = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${op.appId}`,
      headers: other.headers,
    });
    expect(app.statusCode).toBe(404);
    expect((app.json() as CommerceError).details[0].issue).toBe('APP_NOT_FOUND');
  });

  it.each([
    ['an unknown appType', '/v1/hosting/apps?appType=PHP', { name: 'x' }, 'appType', 'INVALID_VALUE'],
    ['no appType', '/v1/hosting/apps', { name: 'x' }, 'appType', 'REQUIRED'],
    ['no name', '/v1/hosting/apps?appType=NODEJS', {}, '/name', 'REQUIRED'],
    ['an empty name', '/v1/hosting/apps?appType=NODEJS', { name: '' }, '/name', 'REQUIRED'],
    ['a name of 201', '/v1/hosting/apps?appType=NODEJS', { name: 'x'.repeat(201) }, '/name', 'OUT_OF_RANGE'],
    ['a blank name', '/v1/hosting/apps?appType=NODEJS', { name: '   ' }, '/name', 'INVALID_FORMAT'],
    ['a name not a string', '/v1/hosting/apps?appType=NODEJS', { name: 5 }, '/name', 'INVALID_FORMAT'],
    [
      'an unknown field',
      '/v1/hosting/apps?appType=NODEJS',
      { name: 'x', extra: 1 },
      '/extra',
      'UNKNOWN_FIELD',
    ],
  ])('refuses %s with 400 INVALID_REQUEST', async (_what, url, payload, field, issue) => {
    const res = await t.inject({ method: 'POST', url, headers: cred.headers, payload });
    expect(res.statusCode).toBe(400);
    const body = res.json() as CommerceError;
    expect(body.name).toBe('INVALID_REQUEST');
    expect(body.correlationId).toBeTruthy();
    expect(body.details).toContainEqual(expect.objectContaining({ issue, field }));
  });

  it('accepts a name of exactly 200 characters', async () => {
    expect((await create('n'.repeat(200))).statusCode).toBe(202);
  });

  it('refuses malformed ids and page tokens with 400', async () => {
    for (const url of [
      '/v1/hosting/app-operations/not-a-uuid',
      '/v1/hosting/apps/lowercase-abc',
      '/v1/hosting/apps?pageToken=garbage!',
      '/v1/hosting/apps?pageSize=0',
      '/v1/hosting/apps?pageSize=101',
    ]) {
      const res = await t.inject({ method: 'GET', url, headers: cred.headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect((res.json() as CommerceError).name).toBe('INVALID_REQUEST');
    }
  });

  it('refuses every forged pageToken of both app lists (fast-check) with 400 at query pageToken', async () => {
    await createApp('paged 1');
    await createApp('paged 2');
    await createApp('paged other 1', other);
    await createApp('paged other 2', other);
    const tokenOf = async (url: string, c: TestCredential = cred): Promise<string> => {
      const res = await t.inject({ method: 'GET', url, headers: c.headers });
      expect(res.statusCode).toBe(200);
      const href = (res.json() as ApplicationPageResponse).links.find((l) => l.rel === 'next')?.href ?? '';
      const token = new URL(href, 'http://x').searchParams.get('pageToken');
      if (!token) throw new Error(`${url} has no next link`);
      return token;
    };
    for (const list of ['/v1/hosting/apps', '/v1/hosting/nodejs/apps']) {
      const real = await tokenOf(`${list}?pageSize=1`);
      const paged = await t.inject({
        method: 'GET',
        url: `${list}?pageSize=1&pageToken=${real}`,
        headers: cred.headers,
      });
      expect(paged.statusCode).toBe(200);
      const foreign = [
        await tokenOf(`${list}?pageSize=1`, other), // another account
        await tokenOf(`${list}?pageSize=2`), // another page size
        await tokenOf(`${list}?pageSize=1&appType=NODEJS`), // another filter
        await tokenOf(
          `${list === '/v1/hosting/apps' ? '/v1/hosting/nodejs/apps' : '/v1/hosting/apps'}?pageSize=1`,
        ),
      ];
      await assertForgedCursorsRefused([real], foreign, async ({ token }) => {
        const res = await t.inject({
          method: 'GET',
          url: `${list}?pageSize=1&pageToken=${encodeURIComponent(token)}`,
          headers: cred.headers,
        });
        expect(res.statusCode).toBe(400);
        const body = res.json() as CommerceError;
        expect(body.name).toBe('INVALID_REQUEST');
        expect(body.details).toContainEqual(
          expect.objectContaining({ field: 'pageToken', location: 'query' }),
        );
      });
    }
  });

  it('answers 401 without a token and 403 without the scope', async () => {
    const none = await t.inject({ method: 'GET', url: '/v1/hosting/apps' });
    expect(none.statusCode).toBe(401);
    expect((none.json() as CommerceError).name).toBe('UNAUTHORIZED');

    const readOnly = await t.newCredential(['hosting.application:read']);
    const post = await create('x', readOnly);
    expect(post.statusCode).toBe(403);
    expect((post.json() as CommerceError).details[0].issue).toBe('FORBIDDEN');

    const paas = await t.newCredential(['hosting.paas.apps:read', 'hosting.paas.apps:create']);
    expect(
      (await t.inject({ method: 'GET', url: '/v1/hosting/apps', headers: paas.headers })).statusCode,
    ).toBe(403);
    const createOnly = await t.newCredential(['hosting.application:create']);
    expect(
      (await t.inject({ method: 'GET', url: '/v1/hosting/apps', headers: createOnly.headers })).statusCode,
    ).toBe(403);
  });

  describe('earlier namespace /v1/hosting/nodejs', () => {
    it('POST /apps → 202 jobId; the job becomes active and the app is listed on /v1/hosting', async () => {
      const res = await createEarlier({ name: "Jane's shop (v2)", datacenter: 'p3' });
      expect(res.statusCode).toBe(202);
      const { jobId, job } = res.json() as { jobId: string; job: { id: string; status: string } };
      expect(job).toMatchObject({ id: jobId, status: 'pending' });

      const done = await t.settled(jobId, cred);
      expect(done.status).toBe('COMPLETED');
      const status = await t.inject({
        method: 'GET',
        url: `/v1/hosting/nodejs/apps/jobs/${jobId}`,
        headers: cred.headers,
      });
      expect(status.statusCode).toBe(200);
      const body = status.json() as {
        job: { status: string; appId: string };
        app: { id: string; variants: unknown[] };
      };
      expect(body.job.status).toBe('active');
      expect(body.job.appId).toMatch(APP_ID);
      expect(body.app.id).toBe(body.job.appId);
      expect(body.app.variants).toEqual([
        { name: 'preview', status: 'stopped' },
        { name: 'publish', status: 'stopped' },
      ]);

      const list = (
        await t.inject({ method: 'GET', url: '/v1/hosting/apps?pageSize=100', headers: cred.headers })
      ).json() as ApplicationPageResponse;
      expect(list.items.map((a) => a.id)).toContain(body.job.appId);
    });

    it('refuses names outside the earlier rule, other accounts’ jobs, and the /v1/hosting scopes', async () => {
      const bad = await createEarlier({ name: '-starts-with-dash' });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as CommerceError).details[0]).toMatchObject({
        issue: 'INVALID_FORMAT',
        field: '/name',
      });

      const res = await createEarlier({ name: 'ok' });
      const { jobId } = res.json() as { jobId: string };
      const hidden = await t.inject({
        method: 'GET',
        url: `/v1/hosting/nodejs/apps/jobs/${jobId}`,
        headers: other.headers,
      });
      expect(hidden.statusCode).toBe(404);
      expect((hidden.json() as CommerceError).name).toBe('JOB_NOT_FOUND');

      const newOnly = await t.newCredential(['hosting.application:create', 'hosting.application:read']);
      const denied = await createEarlier({ name: 'x' }, newOnly);
      expect(denied.statusCode).toBe(403);
    });
  });
});
