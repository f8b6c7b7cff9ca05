import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import type { DomainStatus } from '../src/modules/domains/domain.entity';
import type { DomainListItemResponse } from '../src/modules/domains/domains.response';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /v1/domains (real Postgres)', () => {
  let t: DomainsTestApp;
  let cred: TestCredential;
  /** The caller's domains by status, names in ascending order overall. */
  const mine: Record<string, DomainStatus> = {
    'alpha.test': 'ACTIVE',
    'bravo.test': 'PENDING',
    'charlie.test': 'ACTIVE',
    'delta.test': 'EXPIRED',
    'echo.test': 'PENDING_TRANSFER',
  };

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-list');
    cred = await t.newCredential(['domains.domain:read']);
    for (const [domain, status] of Object.entries(mine)) {
      await t.addDomain(cred.accountId, domain);
      if (status !== 'ACTIVE')
        await t.dataSource.query('UPDATE domains.domains SET status = $2 WHERE domain = $1', [
          domain,
          status,
        ]);
    }
    // Another account's names sort among the caller's: they must never show.
    const other = randomUUID();
    for (const domain of ['aardvark.test', 'bz.test', 'cobra.test', 'zulu.test'])
      await t.addDomain(other, domain);
  });

  afterAll(() => t?.close());

  const list = (query = '', c: TestCredential = cred): ReturnType<DomainsTestApp['inject']> =>
    t.inject({ method: 'GET', url: `/v1/domains${query}`, headers: c.headers });

  const names = async (query = ''): Promise<string[]> => {
    const res = await list(query);
    expect(res.statusCode).toBe(200);
    return (res.json() as DomainListItemResponse[]).map((d) => d.domain);
  };

  it("answers the caller's domains only, in name order, as DomainSummary items", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const items = res.json() as DomainListItemResponse[];
    expect(items.map((d) => d.domain)).toEqual(Object.keys(mine));
    const alpha = items[0];
    expect(alpha).toEqual({
      domainId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain: 'alpha.test',
      status: 'ACTIVE',
      expires: expect.stringMatching(ISO),
      renewAuto: false,
      renewDeadline: expect.stringMatching(ISO),
      locked: false,
      privacy: false,
      transferProtected: false,
      expirationProtected: false,
      holdRegistrar: false,
      createdAt: expect.stringMatching(ISO),
    });
    const grace = Date.parse(String(alpha.renewDeadline)) - Date.parse(String(alpha.expires));
    expect(grace).toBe(30 * 86_400_000);
  });

  it('answers an empty array to an account without domains', async () => {
    const stranger = await t.newCredential(['domains.domain:read']);
    const res = await list('', stranger);
    expect([res.statusCode, res.json()]).toEqual([200, []]);
  });

  it('pages with limit and marker; a page shorter than limit ends the walk', async () => {
    expect(await names('?limit=2')).toEqual(['alpha.test', 'bravo.test']);
    expect(await names('?limit=2&marker=bravo.test')).toEqual(['charlie.test', 'delta.test']);
    expect(await names('?limit=2&marker=delta.test')).toEqual(['echo.test']);
    expect(await names('?limit=2&marker=echo.test')).toEqual([]);
    // Case and a trailing dot are not significant; an empty marker is the first page.
    expect(await names('?limit=2&marker=BRAVO.test.')).toEqual(['charlie.test', 'delta.test']);
    expect(await names('?limit=1&marker=')).toEqual(['alpha.test']);
  });

  it('continues after a well-formed marker whatever holds it (gone, never there, another account’s)', async () => {
    expect(await names('?marker=bz.test')).toEqual(['charlie.test', 'delta.test', 'echo.test']);
    expect(await names('?marker=c.test')).toEqual(['charlie.test', 'delta.test', 'echo.test']);
  });

  it.each([['1'], ['1000']])('takes limit=%s', async (limit) => {
    expect((await list(`?limit=${limit}`)).statusCode).toBe(200);
  });

  it.each([['0'], ['1001'], ['-1'], ['1.5'], ['ten'], ['']])(
    'refuses limit=%j with 400 INVALID_FORMAT on query limit',
    async (limit) => {
      const res = await list(`?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [expect.objectContaining({ path: 'limit' })],
      });
    },
  );

  it.each([['not a domain'], ['com'], ['exa_mple.com'], ['-bad.com'], [`${'a'.repeat(64)}.com`]])(
    'refuses marker=%j with 400 INVALID_MARKER telling the client to restart',
    async (marker) => {
      const res = await list(`?marker=${encodeURIComponent(marker)}`);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { code: string; message: string; fields: { path: string }[] };
      expect(body.code).toBe('INVALID_MARKER');
      expect(body.message).toMatch(/first page/);
      expect(body.fields).toEqual([expect.objectContaining({ path: 'marker' })]);
    },
  );

  it('refuses a repeated marker as INVALID_MARKER', async () => {
    const res = await list('?marker=alpha.test&marker=bravo.test');
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_MARKER']);
  });

  it.each([
    ['comma-separated', '?statuses=PENDING,EXPIRED'],
    ['repeated', '?statuses=PENDING&statuses=EXPIRED'],
    ['repeated with brackets', '?statuses[]=PENDING&statuses[]=EXPIRED'],
    ['with encoded brackets', '?statuses%5B%5D=PENDING&statuses%5B%5D=EXPIRED'],
    ['mixed', '?statuses=PENDING&statuses[]=EXPIRED,PENDING'],
  ])('filters by statuses given %s', async (_how, query) => {
    expect(await names(query)).toEqual(['bravo.test', 'delta.test']);
  });

  it('pages within a statuses filter', async () => {
    expect(await names('?statuses=ACTIVE,PENDING&limit=2')).toEqual(['alpha.test', 'bravo.test']);
    expect(await names('?statuses=ACTIVE,PENDING&limit=2&marker=bravo.test')).toEqual(['charlie.test']);
  });

  it.each([['?statuses=ACTIVE,GONE'], ['?statuses[]=active'], ['?statuses=']])(
    'refuses %s with 400 INVALID_FORMAT',
    async (query) => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [expect.objectContaining({ path: expect.stringMatching(/^statuses/) })],
      });
    },
  );

  it.each([
    ['comma-separated', '?includes=authCode,contacts,nameServers'],
    ['repeated with brackets', '?includes[]=authCode&includes[]=contacts&includes[]=nameServers'],
    ['repeated', '?includes=authCode&includes=contacts,nameServers'],
  ])('adds the included fields given %s', async (_how, query) => {
    const res = await list(`${query}&limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({
      domain: 'alpha.test',
      authCode: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      nameServers: ['ns1.sandbox.invalid', 'ns2.sandbox.invalid'],
      contactRegistrant: null,
      contactAdmin: null,
      contactTech: null,
      contactBilling: null,
    });
  });

  it('adds only what includes names', async () => {
    const [item] = (await list('?includes=nameServers&limit=1')).json() as DomainListItemResponse[];
    expect(item.nameServers).toHaveLength(2);
    expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['authCode']));
    expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['contactAdmin']));
  });

  it('refuses an unknown includes value with 400 INVALID_FORMAT', async () => {
    const res = await list('?includes=authCode,actions');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_FORMAT' });
  });

  it('refuses an unknown query parameter with 400 INVALID_FORMAT', async () => {
    const res = await list('?modifiedDate=2026-01-01');
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_FORMAT']);
  });

  it('answers 401 without a token and 403 without domains.domain:read', async () => {
    const anonymous = await t.inject({ method: 'GET', url: '/v1/domains' });
    const writer = await t.newCredential(['domains.dns:read']);
    expect([anonymous.statusCode, (await list('', writer)).statusCode]).toEqual([401, 403]);
  });

  it('is rate limited per credential (RateLimit-* headers)', async () => {
    const res = await list();
    expect(res.headers['ratelimit-limit']).toBeDefined();
    expect(res.headers['ratelimit-remaining']).toBeDefined();
  });
});
