import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { activateRegistration, insertRegistration } from '../src/modules/domains/domain-registrations';
import { DomainsRepository, domainPageQuery } from '../src/modules/domains/domains.repository';
import type { DomainListItemResponse } from '../src/modules/domains/domains.response';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

const EXISTING = 2500;
const PAGE = 100;

/** `w000042a.test`: fixed width, so name order is numeric order, with room to insert between (b, c…). */
const nameOf = (i: number, suffix = 'a'): string => `w${String(i).padStart(6, '0')}${suffix}.test`;

/**
 * The spec's marker walk under concurrent purchases: every domain that existed before the walk is
 * seen exactly once, in strictly ascending order, however many land during it.
 */
describe('GET /v1/domains marker walk over 2 500 domains while purchases land (real Postgres)', () => {
  let t: DomainsTestApp;
  let cred: TestCredential;
  const other = randomUUID();

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-list-walk');
    cred = await t.newCredential(['domains.domain:read']);
    const bulk = `INSERT INTO domains.domains
        (domain_id, domain, account_id, status, expires, renew_auto, privacy, name_servers, contacts, auth_code)
      SELECT gen_random_uuid(), 'w' || lpad(i::text, 6, '0') || $2, $1, 'ACTIVE', now() + interval '1 year',
             false, false, '[]', '{}', md5(random()::text)
        FROM generate_series(1, $3::int) AS i`;
    await t.dataSource.query(bulk, [cred.accountId, 'a.test', EXISTING]);
    // Another account's names interleave with the caller's, and so do those of 50 more accounts
    // (the caller holds a sixth of the table, as a large account among many would).
    await t.dataSource.query(bulk, [other, 'x.test', EXISTING]);
    await t.dataSource.query(`INSERT INTO domains.domains
        (domain_id, domain, account_id, status, expires, renew_auto, privacy, name_servers, contacts, auth_code)
      SELECT gen_random_uuid(), 'w' || lpad((i / 4)::text, 6, '0') || 'y' || i || '.test',
             ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid, 'ACTIVE',
             now() + interval '1 year', false, false, '[]', '{}', md5(random()::text)
        FROM generate_series(1, 10000) AS i`);
    await t.dataSource.query('ANALYZE domains.domains');
  }, 60_000);

  afterAll(() => t?.close());

  /** What a purchase leaves once registered: insertRegistration then activateRegistration. */
  const purchase = (accountId: string, domain: string): Promise<void> =>
    new DomainsRepository(t.dataSource.manager).transaction(async (tx) => {
      const row = await insertRegistration(tx, accountId, domain, {
        status: 'PENDING',
        renewAuto: true,
        privacy: false,
        nameServers: ['ns1.sandbox.invalid'],
        contacts: {},
      });
      if (row) await activateRegistration(tx, row, 1);
    });

  const page = async (marker?: string): Promise<string[]> => {
    const query = marker === undefined ? `?limit=${PAGE}` : `?limit=${PAGE}&marker=${marker}`;
    const res = await t.inject({ method: 'GET', url: `/v1/domains${query}`, headers: cred.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as DomainListItemResponse[]).map((d) => d.domain);
  };

  it('uses domains_account_domain_idx for the first and a later page, with and without statuses', async () => {
    for (const after of [undefined, nameOf(1800)])
      for (const statuses of [undefined, ['ACTIVE' as const]]) {
        const [sql, params] = domainPageQuery(t.dataSource.manager, cred.accountId, {
          after,
          limit: PAGE,
          statuses,
          includes: new Set(),
        }).getQueryAndParameters();
        const [{ 'QUERY PLAN': plan }] = (await t.dataSource.query(
          `EXPLAIN (FORMAT JSON) ${sql}`,
          params,
        )) as {
          'QUERY PLAN': unknown;
        }[];
        const text = JSON.stringify(plan);
        expect(text).toContain('"Index Name":"domains_account_domain_idx"');
        // The index gives the order: no sort of the account's rows.
        expect(text).not.toContain('"Node Type":"Sort"');
      }
  });

  it('sees every earlier domain exactly once, in strictly ascending order, no other account’s', async () => {
    const before = new Set(Array.from({ length: EXISTING }, (_, i) => nameOf(i + 1)));
    let walking = true;
    const landed: string[] = [];
    // Purchases for the caller and for another account, all over the name range, while the walk runs.
    const purchaser = async (lane: number): Promise<void> => {
      for (let n = 0; walking; n++) {
        const i = 1 + ((n * 97 + lane * 613) % EXISTING);
        const domain = nameOf(i, `b${lane}${n}`);
        await purchase(lane % 2 ? other : cred.accountId, domain);
        if (lane % 2 === 0) landed.push(domain);
      }
    };
    const purchasers = [0, 1, 2, 3].map(purchaser);

    const seen: string[] = [];
    const forced: string[] = [];
    const behind: string[] = [];
    try {
      let marker: string | undefined;
      for (let pages = 0; ; pages++) {
        const items = await page(marker);
        seen.push(...items);
        if (items.length < PAGE) break;
        marker = items[items.length - 1];
        // Deterministic landings around the marker: just before it (never seen) and just after it
        // (seen on the next page).
        const lane = `c${pages}`;
        const beforeMarker = `${marker.slice(0, -'.test'.length - 1)}${lane.replace('c', '0')}.test`;
        const afterMarker = `${marker.slice(0, -'.test'.length)}${lane}.test`;
        await purchase(cred.accountId, afterMarker);
        forced.push(afterMarker);
        await purchase(cred.accountId, beforeMarker);
        behind.push(beforeMarker);
        expect(beforeMarker < marker && marker < afterMarker).toBe(true);
      }
    } finally {
      walking = false;
      await Promise.all(purchasers);
    }

    for (let i = 1; i < seen.length; i++) expect(seen[i - 1] < seen[i]).toBe(true);
    expect(new Set(seen).size).toBe(seen.length);
    const seenSet = new Set(seen);
    expect([...before].filter((d) => !seenSet.has(d))).toEqual([]);
    expect(forced.filter((d) => !seenSet.has(d))).toEqual([]);
    expect(behind.filter((d) => seenSet.has(d))).toEqual([]);
    const owned = new Set(
      (
        (await t.dataSource.query('SELECT domain FROM domains.domains WHERE account_id = $1', [
          cred.accountId,
        ])) as { domain: string }[]
      ).map((r) => r.domain),
    );
    expect(seen.filter((d) => !owned.has(d))).toEqual([]);
    // The walk really ran while purchases landed, some of them ahead of the marker.
    expect(landed.length).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(EXISTING);
  }, 120_000);

  it('continues after the marker when its domain left the account between two pages', async () => {
    const first = await page();
    const marker = first[first.length - 1];
    await t.dataSource.query('UPDATE domains.domains SET account_id = $2 WHERE domain = $1', [marker, other]);
    const next = await page(marker);
    expect(next[0] > marker).toBe(true);
    expect(next).not.toContain(marker);
    const again = await page(first[first.length - 2]);
    expect(again[0]).toBe(next[0]);
  });
});
