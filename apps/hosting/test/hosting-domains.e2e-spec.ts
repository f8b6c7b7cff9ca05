import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { deriveInternalCredential } from '@platform/crypto';
import type { Scope } from '@platform/scopes';
import type { FakeDomains, TestCredential } from '@platform/testing';
import { startFakeDomains, waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { AppDomainsRepository } from '../src/modules/domains/app-domains.repository';
import { DOMAIN_INGRESSES_SCHEDULER, DOMAINS_RECHECK_SCHEDULER } from '../src/modules/domains/domains.jobs';
import type { DomainListResponse, DomainResponse } from '../src/modules/domains/domains.response';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import { createHostingApp, importArchive } from './support/hosting-flows';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';
import type { DnsZoneServer } from './support/dns-zone-server';
import { startDnsZoneServer } from './support/dns-zone-server';
import type { WebhookReceiver } from './support/webhook-receiver';
import { startWebhookReceiver } from './support/webhook-receiver';

const SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.source:write'];
const TARGET = 'apps.platform-target.test';

interface CommerceError {
  name: string;
  details: { issue: string; field?: string; location: string }[];
}

interface AppAnswer {
  method: string;
  url: string;
  forwardedPrefix: string | null;
  body: string;
}

describe('hosting custom domains (real Postgres, Redis, worker, app process; fake domains service; a real DNS server)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let fake: FakeDomains;
  let dns: DnsZoneServer;
  let receiver: WebhookReceiver;
  let cred: TestCredential;
  let appId: string;

  beforeAll(async () => {
    dns = await startDnsZoneServer();
    receiver = await startWebhookReceiver(() => 204);
    t = await startBuildingHostingTestApp('hosting-domains', {
      HOSTING_DOMAIN_TARGET: TARGET,
      HOSTING_DOMAIN_DNS_SERVERS: dns.address,
      HOSTING_DOMAIN_DNS_TIMEOUT_MS: '500',
      HOSTING_DOMAIN_ROUTE_CACHE_MS: '200',
      HOSTING_DOMAIN_RECHECK_EVERY_MS: '200',
      HOSTING_DOMAIN_RECHECK_BACKOFF_MS: '100',
      HOSTING_DOMAIN_RECHECK_BACKOFF_MAX_MS: '400',
      HOSTING_DOMAIN_ACTIVE_RECHECK_EVERY_MS: '300',
      HOSTING_WEBHOOK_ALLOW: '127.0.0.1',
      PUBLIC_BASE_URL: 'https://api.platform.test',
      PLATFORM_HOST_NAMES: 'console.platform.test,*.internal-apps.test',
    });
    fake = await startFakeDomains(deriveInternalCredential(t.env.config('hosting').secretsEncryptionKey));
    worker = await startHostingWorker(t.env, { overrides: { DOMAINS_URL: fake.url } });
    cred = await t.newCredential(SCOPES);
    appId = await createHostingApp(t, cred, 'with-domains');
    const imported = await importArchive(t, cred, appId, await zipOf(await fixtureFiles('runtime-http')));
    expect(imported.status).toBe('COMPLETED');
    const hook = await call('POST', '/v1/hosting/webhooks', {
      url: receiver.url,
      events: ['domain.verified'],
    });
    expect(hook.statusCode).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await closeWorkerThenApp(worker, t);
    await fake?.close();
    await dns?.close();
    await receiver?.close();
  });

  function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, c = cred, headers = {}) {
    return t.inject({
      method,
      url,
      headers: { ...c.headers, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  const domainsUrl = (id = appId) => `/v1/hosting/apps/${id}/domains`;

  async function attach(hostname: string, variant = 'PREVIEW', id = appId): Promise<DomainResponse> {
    const res = await call('POST', domainsUrl(id), { hostname, variant });
    expect(res.statusCode).toBe(202);
    const body = res.json() as DomainResponse;
    expect(res.headers.location).toBe(`${domainsUrl(id)}/${body.hostname}`);
    return body;
  }

  const domain = async (hostname: string): Promise<DomainResponse> => {
    const res = await call('GET', `${domainsUrl()}/${hostname}`);
    expect(res.statusCode).toBe(200);
    return res.json() as DomainResponse;
  };

  const settled = (hostname: string, status: string, timeoutMs = 20_000) =>
    waitFor(async () => ((await domain(hostname)).status === status ? domain(hostname) : undefined), {
      what: `${hostname} to be ${status}`,
      timeoutMs,
    });

  /** What the gateway sends for a request whose Host is `hostname`. */
  const byHost = (hostname: string, path = '/', method: 'GET' | 'POST' = 'GET', payload?: string) => {
    if (!worker) throw new Error('no worker');
    return worker.app.inject({
      method,
      url: `/hosted-domains/${hostname}${path}`,
      ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'text/plain' } }),
    });
  };

  it('a domain whose zone the caller owns here: records written into the zone, ACTIVE, served by Host, event recorded', async () => {
    fake.own(cred.accountId, 'owned-shop.com');
    const accepted = await attach('Shop.Owned-Shop.com.');
    expect(accepted).toMatchObject({ hostname: 'shop.owned-shop.com', appId, variant: 'PREVIEW' });
    expect(accepted.records.map((r) => [r.type, r.name])).toEqual([
      ['CNAME', 'shop.owned-shop.com'],
      ['TXT', '_platform-verify.shop.owned-shop.com'],
    ]);

    const active = await settled('shop.owned-shop.com', 'ACTIVE');
    expect(active).toMatchObject({ verifiedBy: 'PLATFORM_ZONE', verifiedAt: expect.any(String) });
    expect(active.records.every((r) => r.status === 'WRITTEN')).toBe(true);
    const token = active.records[1].value;
    expect(token).toMatch(/^platform-verify=[0-9a-f]{64}$/);
    // Read back from the zone: exactly the two records, fully qualified.
    expect(fake.records('owned-shop.com')).toEqual([
      { type: 'CNAME', name: 'shop.owned-shop.com', data: TARGET, ttl: 600 },
      { type: 'TXT', name: '_platform-verify.shop.owned-shop.com', data: token, ttl: 600 },
    ]);

    const served = await byHost('shop.owned-shop.com', '/cart?x=1', 'POST', 'hello');
    expect(served.statusCode).toBe(200);
    expect(served.json() as AppAnswer).toMatchObject({
      method: 'POST',
      url: '/cart?x=1',
      body: 'hello',
      forwardedPrefix: null,
    });
    expect(((await byHost('shop.owned-shop.com')).json() as AppAnswer).url).toBe('/');

    // domain.verified, recorded once in the transaction of the change, and delivered.
    const events = (await t.dataSource.query(
      `SELECT payload FROM hosting.webhook_events WHERE app_id = $1 AND type = 'domain.verified'`,
      [appId],
    )) as { payload: { data: Record<string, unknown> } }[];
    expect(events.map((e) => e.payload.data)).toEqual([
      expect.objectContaining({
        appId,
        hostname: 'shop.owned-shop.com',
        variant: 'PREVIEW',
        verifiedBy: 'PLATFORM_ZONE',
      }),
    ]);
    await waitFor(() => receiver.received.some((r) => r.body.includes('shop.owned-shop.com')) || undefined, {
      what: 'the domain.verified delivery',
    });
  }, 60_000);

  it('a foreign domain stays PENDING with the exact records missing; once DNS has them, verify makes it ACTIVE', async () => {
    const accepted = await attach('www.foreign-brand.com');
    const pending = await waitFor(
      async () => {
        const d = await domain('www.foreign-brand.com');
        return d.lastCheckedAt ? d : undefined;
      },
      { what: 'the first check' },
    );
    expect(pending.status).toBe('PENDING');
    expect(pending.records).toEqual([
      { type: 'CNAME', name: 'www.foreign-brand.com', value: TARGET, status: 'MISSING' },
      {
        type: 'TXT',
        name: '_platform-verify.www.foreign-brand.com',
        value: accepted.records[1].value,
        status: 'MISSING',
      },
    ]);
    expect(pending.nextCheckAt).toEqual(expect.any(String));
    expect((await byHost('www.foreign-brand.com')).statusCode).toBe(404);
    // Nothing was written anywhere: no account here holds foreign-brand.com.
    expect(fake.records('foreign-brand.com')).toEqual([]);

    // Half of it: still PENDING, the TXT FOUND, the CNAME MISSING.
    dns.publish('TXT', '_platform-verify.www.foreign-brand.com', accepted.records[1].value);
    const verify = await call('POST', `${domainsUrl()}/www.foreign-brand.com/verify`);
    expect(verify.statusCode).toBe(202);
    await waitFor(
      async () => {
        const d = await domain('www.foreign-brand.com');
        return d.records[1].status === 'FOUND' ? d : undefined;
      },
      { what: 'the TXT record to be found' },
    );
    expect((await domain('www.foreign-brand.com')).status).toBe('PENDING');

    dns.publish('CNAME', 'www.foreign-brand.com', TARGET);
    expect((await call('POST', `${domainsUrl()}/www.foreign-brand.com/verify`, {})).statusCode).toBe(202);
    const active = await settled('www.foreign-brand.com', 'ACTIVE');
    expect(active.verifiedBy).toBe('DNS');
    expect(active.records.map((r) => r.status)).toEqual(['FOUND', 'FOUND']);
    await waitFor(
      async () => ((await byHost('www.foreign-brand.com', '/x')).statusCode === 200 ? true : undefined),
      {
        what: 'the foreign domain to serve',
      },
    );
  }, 60_000);

  it('the periodic re-check makes a PENDING domain ACTIVE without a verify call', async () => {
    const accepted = await attach('later.foreign-brand.com');
    await waitFor(async () => ((await domain('later.foreign-brand.com')).lastCheckedAt ? true : undefined), {
      what: 'the first check',
    });
    dns.publish('TXT', '_platform-verify.later.foreign-brand.com', accepted.records[1].value);
    dns.publish('CNAME', 'later.foreign-brand.com', TARGET);
    expect((await settled('later.foreign-brand.com', 'ACTIVE')).verifiedBy).toBe('DNS');
  }, 60_000);

  it('an ACTIVE domain verified in DNS is re-checked: a record gone makes it PENDING, MISSING and unrouted; back, ACTIVE again', async () => {
    const accepted = await attach('watched.foreign-brand.com');
    dns.publish('TXT', '_platform-verify.watched.foreign-brand.com', accepted.records[1].value);
    dns.publish('CNAME', 'watched.foreign-brand.com', TARGET);
    expect((await settled('watched.foreign-brand.com', 'ACTIVE')).verifiedBy).toBe('DNS');
    const routed = (status: number) =>
      waitFor(
        async () => ((await byHost('watched.foreign-brand.com')).statusCode === status ? true : undefined),
        {
          what: `watched.foreign-brand.com to answer ${status} by Host`,
        },
      );
    await routed(200);

    dns.withdraw('CNAME', 'watched.foreign-brand.com');
    const pending = await settled('watched.foreign-brand.com', 'PENDING');
    expect(pending.records).toEqual([
      { type: 'CNAME', name: 'watched.foreign-brand.com', value: TARGET, status: 'MISSING' },
      {
        type: 'TXT',
        name: '_platform-verify.watched.foreign-brand.com',
        value: accepted.records[1].value,
        status: 'FOUND',
      },
    ]);
    expect(pending.verifiedBy).toBeUndefined();
    expect(pending.verifiedAt).toBeUndefined();
    expect(pending.nextCheckAt).toEqual(expect.any(String));
    await routed(404);

    dns.publish('CNAME', 'watched.foreign-brand.com', TARGET);
    const back = await settled('watched.foreign-brand.com', 'ACTIVE');
    expect(back.verifiedBy).toBe('DNS');
    expect(back.records.map((r) => r.status)).toEqual(['FOUND', 'FOUND']);
    await routed(200);
    // Re-checked meanwhile, without a change: lastCheckedAt moves on, the domain stays ACTIVE.
    const checkedAt = Date.parse(back.lastCheckedAt ?? '');
    const rechecked = await waitFor(
      async () => {
        const d = await domain('watched.foreign-brand.com');
        return Date.parse(d.lastCheckedAt ?? '') > checkedAt ? d : undefined;
      },
      { what: 'a re-check of the ACTIVE domain' },
    );
    expect(rechecked.status).toBe('ACTIVE');
    // Records the platform wrote into an owned zone are not looked up in DNS (this server has none).
    expect((await domain('shop.owned-shop.com')).status).toBe('ACTIVE');
  }, 60_000);

  it('the Ingress reconcile reads the ACTIVE domains with their variant and the PENDING host names; the local runtime schedules no reconcile', async () => {
    if (!worker) throw new Error('no worker');
    const routes = await worker.app.get(AppDomainsRepository).activeRoutes();
    expect(routes).toContainEqual({ hostname: 'shop.owned-shop.com', appId, variant: 'PREVIEW' });
    const statuses = (await t.dataSource.query(
      'SELECT hostname, status FROM hosting.app_domains WHERE hostname = ANY($1)',
      [routes.map((r) => r.hostname)],
    )) as { status: string }[];
    expect(statuses.every((d) => d.status === 'ACTIVE')).toBe(true);
    const [{ n }] = (await t.dataSource.query(
      "SELECT count(*)::int AS n FROM hosting.app_domains WHERE status = 'ACTIVE'",
    )) as { n: number }[];
    expect(routes).toHaveLength(n);
    const pending = await worker.app.get(AppDomainsRepository).pendingHostnames();
    const pendingRows = (await t.dataSource.query(
      "SELECT hostname FROM hosting.app_domains WHERE status = 'PENDING'",
    )) as { hostname: string }[];
    expect([...pending].sort()).toEqual(pendingRows.map((r) => r.hostname).sort());
    const queue = worker.app.get<Queue>(getQueueToken('hosting-domains'));
    expect(await queue.getJobScheduler(DOMAINS_RECHECK_SCHEDULER)).toBeDefined();
    expect(await queue.getJobScheduler(DOMAIN_INGRESSES_SCHEDULER)).toBeUndefined();
  });

  it('DELETE: 204, the Host stops routing and the records written into the owned zone are removed', async () => {
    fake.own(cred.accountId, 'gone-shop.com');
    await attach('www.gone-shop.com');
    await settled('www.gone-shop.com', 'ACTIVE');
    expect(fake.records('gone-shop.com')).toHaveLength(2);
    expect((await byHost('www.gone-shop.com')).statusCode).toBe(200);

    const res = await call('DELETE', `${domainsUrl()}/WWW.gone-shop.com`);
    expect(res.statusCode).toBe(204);
    await waitFor(async () => ((await byHost('www.gone-shop.com')).statusCode === 404 ? true : undefined), {
      what: 'the Host to stop routing',
    });
    const gone = await byHost('www.gone-shop.com');
    expect(gone.json() as CommerceError).toMatchObject({ name: 'DOMAIN_NOT_FOUND' });
    await waitFor(() => (fake.records('gone-shop.com').length === 0 ? true : undefined), {
      what: 'the records to be removed from the zone',
    });
    expect((await call('GET', `${domainsUrl()}/www.gone-shop.com`)).statusCode).toBe(404);
    // Attachable again, with a new token.
    await attach('www.gone-shop.com', 'PUBLISH');
  }, 60_000);

  it('a zone that refuses the records ends FAILED with ZONE_CHANGE_REFUSED; verify checks it again', async () => {
    fake.own(cred.accountId, 'apex-shop.com');
    // The real domains service refuses a CNAME at a zone's apex (400 INVALID_BODY): the fake is made
    // to refuse every call meanwhile (no other domain of the suite is PENDING now).
    fake.answerWith(400);
    try {
      await attach('apex-shop.com');
      const failed = await settled('apex-shop.com', 'FAILED');
      expect(failed.failure).toEqual({ code: 'ZONE_CHANGE_REFUSED', message: expect.any(String) });
      expect((await byHost('apex-shop.com')).statusCode).toBe(404);
    } finally {
      fake.answerWith(undefined);
    }
    const again = await call('POST', `${domainsUrl()}/apex-shop.com/verify`);
    expect(again.statusCode).toBe(202);
    expect((again.json() as DomainResponse).status).toBe('PENDING');
    expect((await settled('apex-shop.com', 'ACTIVE')).verifiedBy).toBe('PLATFORM_ZONE');
  }, 30_000);

  it('GET lists the domains oldest first; an unknown Host is 404 DOMAIN_NOT_FOUND', async () => {
    const res = await call('GET', domainsUrl());
    expect(res.statusCode).toBe(200);
    const list = res.json() as DomainListResponse;
    expect(list.items.map((d) => d.hostname)).toEqual(
      expect.arrayContaining(['shop.owned-shop.com', 'www.foreign-brand.com']),
    );
    expect(list.items[0].hostname).toBe('shop.owned-shop.com');
    expect(list.links).toEqual([
      { rel: 'self', href: domainsUrl() },
      { rel: 'app', href: `/v1/hosting/apps/${appId}` },
    ]);
    const unknown = await byHost('nobody-here.example.org', '/a');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json() as CommerceError).toMatchObject({ name: 'DOMAIN_NOT_FOUND' });
    expect((await byHost('not a host', '/a')).statusCode).toBe(404);
  });

  it('refuses bad input with stable codes: host names, variant, unknown field, duplicates, reserved names', async () => {
    const issueOf = async (hostname: unknown) => {
      const res = await call('POST', domainsUrl(), { hostname, variant: 'PREVIEW' });
      expect(res.statusCode).toBe(400);
      return (res.json() as CommerceError).details[0].issue;
    };
    expect(await issueOf('shop')).toBe('SINGLE_LABEL');
    expect(await issueOf('*.example.com')).toBe('WILDCARD_NOT_ALLOWED');
    expect(await issueOf('203.0.113.7')).toBe('IP_ADDRESS_NOT_ALLOWED');
    expect(await issueOf('[2001:db8::1]')).toBe('IP_ADDRESS_NOT_ALLOWED');
    expect(await issueOf('bad_name.example.com')).toBe('INVALID_FORMAT');
    expect(await issueOf('-lead.example.com')).toBe('INVALID_FORMAT');
    expect(await issueOf(`${'a'.repeat(64)}.example.com`)).toBe('INVALID_FORMAT');
    expect(await issueOf(`${'abcdefghi.'.repeat(25)}comx`)).toBe('INVALID_FORMAT'); // 254 characters
    expect(await issueOf('shop.123')).toBe('INVALID_FORMAT');
    expect(await issueOf(42)).toBe('INVALID_FORMAT'); // not a string

    const bad = async (payload: object, issue: string) => {
      const res = await call('POST', domainsUrl(), payload);
      expect(res.statusCode).toBe(400);
      expect((res.json() as CommerceError).details.map((d) => d.issue)).toContain(issue);
    };
    await bad({ hostname: 'a.example.com', variant: 'preview' }, 'INVALID_VALUE');
    await bad({ hostname: 'a.example.com', variant: 'STAGING' }, 'INVALID_VALUE');
    await bad({ hostname: 'a.example.com' }, 'REQUIRED');
    await bad({ variant: 'PREVIEW' }, 'REQUIRED');
    await bad({ hostname: 'a.example.com', variant: 'PREVIEW', extra: 1 }, 'UNKNOWN_FIELD');

    // The platform's own names: 422 RESERVED_HOSTNAME.
    for (const reserved of [
      'api.platform.test',
      'console.platform.test',
      'x.internal-apps.test',
      TARGET,
      `tenant.${TARGET}`,
      'app.localhost',
      'svc.cluster.local',
    ]) {
      const res = await call('POST', domainsUrl(), { hostname: reserved, variant: 'PREVIEW' });
      expect([reserved, res.statusCode, (res.json() as CommerceError).name]).toEqual([
        reserved,
        422,
        'RESERVED_HOSTNAME',
      ]);
    }

    // Attached already (to this app, or to any other app of any account): 409.
    const other = await t.newCredential(SCOPES);
    const otherApp = await createHostingApp(t, other, 'other');
    await attach('dup.twice-attached.com');
    for (const [c, id] of [
      [cred, appId],
      [other, otherApp],
    ] as const) {
      const dup = await call(
        'POST',
        domainsUrl(id),
        { hostname: 'DUP.twice-attached.com', variant: 'PUBLISH' },
        c,
      );
      expect(dup.statusCode).toBe(409);
      expect((dup.json() as CommerceError).name).toBe('DOMAIN_ALREADY_ATTACHED');
    }
  }, 60_000);

  it('another account’s app, unknown apps and unknown host names are 404; scopes are checked', async () => {
    const other = await t.newCredential(SCOPES);
    for (const [method, url] of [
      ['GET', domainsUrl()],
      ['POST', domainsUrl()],
      ['GET', `${domainsUrl()}/shop.owned-shop.com`],
      ['POST', `${domainsUrl()}/shop.owned-shop.com/verify`],
      ['DELETE', `${domainsUrl()}/shop.owned-shop.com`],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? {} : undefined, other);
      if (url === domainsUrl() && method === 'POST') expect(res.statusCode).toBe(400);
      else {
        expect([method, url, res.statusCode]).toEqual([method, url, 404]);
        expect((res.json() as CommerceError).name).toBe('APP_NOT_FOUND');
      }
    }
    const foreign = await call(
      'POST',
      domainsUrl(),
      { hostname: 'steal.example.com', variant: 'PREVIEW' },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/verify'],
      ['GET', ''],
    ] as const) {
      const res = await call(method, `${domainsUrl()}/never-attached.example.com${suffix}`);
      expect(res.statusCode).toBe(404);
      expect((res.json() as CommerceError).name).toBe('DOMAIN_NOT_FOUND');
    }
    const readOnly = await t.newCredential(['hosting.application:read']);
    const refused = await call(
      'POST',
      domainsUrl(),
      { hostname: 'ro.example.com', variant: 'PREVIEW' },
      readOnly,
    );
    expect(refused.statusCode).toBe(403);
    const noRead = await t.newCredential(['hosting.source:write']);
    expect((await call('GET', domainsUrl(), undefined, noRead)).statusCode).toBe(403);
  });

  it('at most 20 domains per app (422 DOMAIN_LIMIT_REACHED); Idempotency-Key replays the attach', async () => {
    const c = await t.newCredential(SCOPES);
    const id = await createHostingApp(t, c, 'many');
    const key = randomUUID();
    const first = await call(
      'POST',
      domainsUrl(id),
      { hostname: 'd0.many-domains.com', variant: 'PUBLISH' },
      c,
      {
        'idempotency-key': key,
      },
    );
    expect(first.statusCode).toBe(202);
    const replay = await call(
      'POST',
      domainsUrl(id),
      { hostname: 'd0.many-domains.com', variant: 'PUBLISH' },
      c,
      {
        'idempotency-key': key,
      },
    );
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toEqual(first.json());
    for (let i = 1; i < 20; i += 1) {
      const res = await call(
        'POST',
        domainsUrl(id),
        { hostname: `d${i}.many-domains.com`, variant: 'PUBLISH' },
        c,
      );
      expect(res.statusCode).toBe(202);
    }
    const over = await call(
      'POST',
      domainsUrl(id),
      { hostname: 'd20.many-domains.com', variant: 'PUBLISH' },
      c,
    );
    expect(over.statusCode).toBe(422);
    expect((over.json() as CommerceError).name).toBe('DOMAIN_LIMIT_REACHED');
    expect(
      ((await call('GET', domainsUrl(id), undefined, c)).json() as DomainListResponse).items,
    ).toHaveLength(20);
  }, 60_000);
});
