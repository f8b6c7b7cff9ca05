import { InjectOptions } from 'light-my-request';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { assertForgedCursorsRefused } from '@platform/testing';
import {
  HostingMaintenanceQueue,
  PRUNE_BUILDS_SCHEDULER,
  PURGE_APP_LOGS_SCHEDULER,
} from '../src/modules/maintenance/hosting-maintenance.jobs';
import type { LogPageResponse } from '../src/modules/app-logs/app-logs.response';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import {
  LOG_MESSAGE_MAX_CHARS,
  LOG_RETENTION_MS,
  RuntimeLogStore,
} from '../src/modules/app-logs/runtime-log-store.service';
import type { RuntimeLogLine } from '../src/modules/runtime/runtime-driver';
import { postHostingApp } from './support/hosting-flows';
import { HostingTestApp, startHostingTestApp, startHostingWorker } from './support/hosting-test-app';

interface CommerceError {
  name: string;
  details: { issue: string; field?: string; location: string; value?: string }[];
}

const SCOPES: Scope[] = ['hosting.application:create', 'hosting.log:read', 'hosting.paas.logs:read'];
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const line = (at: Date, message: string, extra: Partial<RuntimeLogLine> = {}): RuntimeLogLine => ({
  at,
  source: 'STDOUT',
  level: 'INFO',
  message,
  ...extra,
});

describe('hosting runtime logs (real Postgres)', () => {
  let t: HostingTestApp;
  let cred: TestCredential;
  let store: RuntimeLogStore;

  beforeAll(async () => {
    t = await startHostingTestApp('hosting-logs');
    cred = await t.newCredential(SCOPES);
    store = t.app.get(RuntimeLogStore);
  });

  afterAll(async () => {
    await t?.close();
  });

  const newApp = async (owner: TestCredential = cred): Promise<string> =>
    (await postHostingApp(t, owner, 'logs app')).appId;

  const get = (url: string, c: TestCredential | null = cred) =>
    t.inject({ method: 'GET', url, headers: c ? c.headers : {} } as InjectOptions);
  const logs = (appId: string, qs = '', c: TestCredential | null = cred) =>
    get(`/v1/hosting/apps/${appId}/logs${qs}`, c);
  const ok = async (appId: string, qs = ''): Promise<LogPageResponse> => {
    const res = await logs(appId, qs);
    expect({ status: res.statusCode, body: res.statusCode === 200 ? undefined : res.json() }).toEqual({
      status: 200,
      body: undefined,
    });
    return res.json() as LogPageResponse;
  };
  const messages = (page: LogPageResponse): string[] => page.items.map((i) => i.message);
  const bad = async (appId: string, qs: string, field: string, issue: string): Promise<void> => {
    const res = await logs(appId, qs);
    expect(res.statusCode).toBe(400);
    const body = res.json() as CommerceError;
    expect(body.name).toBe('INVALID_REQUEST');
    expect(body.details).toEqual([expect.objectContaining({ field, issue, location: 'query' })]);
  };
  const next = (page: LogPageResponse): string | undefined => page.links.find((l) => l.rel === 'next')?.href;
  const mustNext = (page: LogPageResponse): string => {
    const href = next(page);
    if (href === undefined) throw new Error('expected links[rel=next]');
    return href;
  };
  const since = (msAgo: number): string => encodeURIComponent(new Date(Date.now() - msAgo).toISOString());

  describe('paging', () => {
    let appId: string;
    const COUNT = 1234;
    const expected: string[] = [];

    beforeAll(async () => {
      appId = await newApp();
      // Two lines per millisecond-exact timestamp: the id breaks the tie.
      const base = Date.now() - 2 * HOUR;
      const lines: RuntimeLogLine[] = [];
      for (let i = 0; i < COUNT; i += 1) {
        expected.push(`line ${i}`);
        lines.push(line(new Date(base + Math.floor(i / 2) * 1000), `line ${i}`));
      }
      await store.append(appId, 'PREVIEW', lines);
    });

    it('walks links[rel=next] to the end: every line once, oldest first, 13 pages of 100', async () => {
      let page = await ok(appId);
      expect(page.totalItems).toBe(COUNT);
      expect(page.totalPages).toBe(13);
      const seen = [...messages(page)];
      let pages = 1;
      for (let href = next(page); href !== undefined; href = next(page)) {
        expect(href).toMatch(
          new RegExp(`^/v1/hosting/apps/${appId}/logs\\?variant=PREVIEW&since=.+&pageToken=`),
        );
        const res = await get(href);
        expect(res.statusCode).toBe(200);
        page = res.json() as LogPageResponse;
        expect(page.totalPages).toBe(13);
        seen.push(...messages(page));
        pages += 1;
      }
      expect(pages).toBe(13);
      expect(page.items).toHaveLength(34);
      expect(seen).toEqual(expected);
      expect(page.links.map((l) => l.rel)).toEqual(['self']);
    });

    it('answers the spec Log page shape, self link first', async () => {
      const page = await ok(appId, '?pageSize=2');
      expect(page.items[0]).toEqual({
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: 'INFO',
        source: 'STDOUT',
        message: 'line 0',
      });
      expect(page.items[0].timestamp).toBe(page.items[1].timestamp);
      expect(page.links[0]).toEqual({
        rel: 'self',
        href: expect.stringMatching(/^\/v1\/hosting\/apps\/.+\/logs\?variant=PREVIEW&since=.+&pageSize=2$/),
      });
      expect(page.totalPages).toBe(617);
    });

    it('pageSize: default 100, 1 and 500 accepted, others 400', async () => {
      expect((await ok(appId)).items).toHaveLength(100);
      expect((await ok(appId, '?pageSize=1')).items).toHaveLength(1);
      const big = await ok(appId, '?pageSize=500');
      expect(big.items).toHaveLength(500);
      expect(big.totalPages).toBe(3);
      await bad(appId, '?pageSize=0', 'pageSize', 'OUT_OF_RANGE');
      await bad(appId, '?pageSize=501', 'pageSize', 'OUT_OF_RANGE');
      await bad(appId, '?pageSize=abc', 'pageSize', 'INVALID_FORMAT');
      await bad(appId, '?pageSize=1.5', 'pageSize', 'INVALID_FORMAT');
    });

    it('refuses a tampered, forged, malformed or cross-query pageToken with INVALID_PAGE_TOKEN', async () => {
      const first = await ok(appId, '?pageSize=10&level=INFO');
      const href = mustNext(first);
      const token = new URL(href, 'http://x').searchParams.get('pageToken') ?? '';
      const url = new URL(href, 'http://x');
      const other = await newApp();
      const flip = (s: string, i: number): string =>
        s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      const swap = (name: string, value: string): string => {
        const u = new URL(url.toString());
        u.searchParams.set(name, value);
        return u.search;
      };
      expect((await get(href)).statusCode).toBe(200);
      for (const qs of [
        swap('pageToken', flip(token, token.length - 1)), // tampered mac (unused bits of its last character)
        swap('pageToken', flip(token, token.length - 10)),
        swap('pageToken', `${Date.now()}${token.slice(token.indexOf('.'))}`), // moved position
        swap('pageToken', `${Date.now()}.1.AAAAAAAAAAAAAAAAAAAAAA`), // forged
        swap('pageToken', 'not-a-token'),
        swap('pageSize', '11'), // another query
        swap('level', 'WARN'),
        swap('source', 'STDOUT'),
        swap('variant', 'PUBLISH'),
        swap('since', new Date(Date.now() - 3 * HOUR).toISOString()),
      ])
        await bad(appId, qs, 'pageToken', 'INVALID_PAGE_TOKEN');
      // Another app, same query: still refused.
      await bad(other, url.search, 'pageToken', 'INVALID_PAGE_TOKEN');
    });
    it('refuses every forged pageToken (fast-check) with INVALID_PAGE_TOKEN, never a 500', async () => {
      const tokenOf = (href: string): string => new URL(href, 'http://x').searchParams.get('pageToken') ?? '';
      const firstNext = mustNext(await ok(appId, '?pageSize=10'));
      const second = await get(firstNext);
      expect(second.statusCode).toBe(200);
      const real = [tokenOf(firstNext), tokenOf(mustNext(second.json() as LogPageResponse))];
      const foreign = [
        tokenOf(mustNext(await ok(appId, '?pageSize=11'))),
        tokenOf(mustNext(await ok(appId, '?pageSize=10&level=INFO'))),
      ];
      const url = new URL(firstNext, 'http://x');
      await assertForgedCursorsRefused(real, foreign, async ({ token }) => {
        url.searchParams.set('pageToken', token);
        const res = await get(`${url.pathname}${url.search}`);
        expect(res.statusCode).toBe(400);
        const body = res.json() as CommerceError;
        expect(body.name).toBe('INVALID_REQUEST');
        expect(body.details).toEqual([expect.objectContaining({ field: 'pageToken', location: 'query' })]);
      });
    });
  });

  describe('filters and defaults', () => {
    let appId: string;

    beforeAll(async () => {
      appId = await newApp();
      const now = Date.now();
      await store.append(appId, 'PREVIEW', [
        line(new Date(now - 6 * DAY), 'six days'),
        line(new Date(now - 25 * HOUR), 'day old'),
        line(new Date(now - 23 * HOUR), 'debug', { level: 'DEBUG' }),
        line(new Date(now - 3 * HOUR), 'info'),
        line(new Date(now - 2 * HOUR), 'warn', { level: 'WARN', source: 'STDERR' }),
        line(new Date(now - HOUR), 'error', { level: 'ERROR', source: 'STDERR' }),
        line(new Date(now - 30 * 60_000), 'system', { source: 'SYSTEM' }),
      ]);
      await store.append(appId, 'PUBLISH', [line(new Date(now - HOUR), 'published')]);
    });

    const all = ['debug', 'info', 'warn', 'error', 'system'];

    it('defaults: PREVIEW, since 24 hours ago, every source and level', async () => {
      const page = await ok(appId);
      expect(messages(page)).toEqual(all);
      const self = new URL(page.links[0].href, 'http://x').searchParams;
      expect(Math.abs(Date.parse(self.get('since') ?? '') - (Date.now() - DAY))).toBeLessThan(60_000);
      expect(self.get('variant')).toBe('PREVIEW');
    });

    it('variant wins over target and environment; target over environment; any case', async () => {
      const cases: [string, string[]][] = [
        ['?variant=PUBLISH', ['published']],
        ['?variant=publish', ['published']],
        ['?target=PUBLISH', ['published']],
        ['?target=publish', ['published']],
        ['?environment=PUBLISH', ['published']],
        ['?variant=PREVIEW&target=PUBLISH&environment=PUBLISH', all],
        ['?variant=PUBLISH&target=PREVIEW', ['published']],
        ['?target=PREVIEW&environment=PUBLISH', all],
        ['?environment=preview', all],
      ];
      for (const [qs, want] of cases) expect([qs, messages(await ok(appId, qs))]).toEqual([qs, want]);
      await bad(appId, '?variant=STAGING', 'variant', 'INVALID_VALUE');
      await bad(appId, '?variant=PREVIEW&target=STAGING', 'target', 'INVALID_VALUE');
      await bad(appId, '?environment=prod', 'environment', 'INVALID_VALUE');
    });

    it('since: ISO 8601 with an offset, 20 to 64 characters, at most 7 days back, not in the future', async () => {
      expect(messages(await ok(appId, `?since=${since(7 * DAY - 60_000)}`))).toEqual([
        'six days',
        'day old',
        ...all,
      ]);
      expect(messages(await ok(appId, `?since=${since(26 * HOUR)}`))).toEqual(['day old', ...all]);
      // Lines older than since are left out; a line exactly at since is included.
      const exactApp = await newApp();
      const at = new Date(Date.now() - 5 * HOUR);
      await store.append(exactApp, 'PREVIEW', [
        line(new Date(at.getTime() - 2 * HOUR), 'before'),
        line(new Date(at.getTime() - 1), 'just before'),
        line(at, 'exact'),
        line(new Date(at.getTime() + HOUR), 'after'),
      ]);
      expect(messages(await ok(exactApp, `?since=${encodeURIComponent(at.toISOString())}`))).toEqual([
        'exact',
        'after',
      ]);
      // The same instant with a ±hh:mm offset; to the second without milliseconds (20 characters).
      const shifted = new Date(at.getTime() + 2 * HOUR).toISOString().replace('Z', '+02:00');
      expect(messages(await ok(exactApp, `?since=${encodeURIComponent(shifted)}`))).toEqual([
        'exact',
        'after',
      ]);
      const minus = new Date(at.getTime() - 5 * HOUR - 30 * 60_000).toISOString().replace('Z', '-05:30');
      expect(messages(await ok(exactApp, `?since=${encodeURIComponent(minus)}`))).toEqual(['exact', 'after']);
      const noMillis = new Date(Math.floor((at.getTime() - 1000) / 1000) * 1000)
        .toISOString()
        .replace('.000Z', 'Z');
      expect(noMillis).toHaveLength(20);
      expect(messages(await ok(exactApp, `?since=${encodeURIComponent(noMillis)}`))).toEqual([
        'just before',
        'exact',
        'after',
      ]);

      await bad(appId, '?since=2026-01-01', 'since', 'OUT_OF_RANGE'); // 10 characters
      await bad(appId, `?since=${encodeURIComponent('2026-01-01T00:00Z')}`, 'since', 'OUT_OF_RANGE');
      await bad(appId, `?since=${'2026-01-01T00:00:00.' + '1'.repeat(44) + 'Z'}`, 'since', 'OUT_OF_RANGE'); // 65
      await bad(appId, '?since=2026-01-01T00:00:00.000', 'since', 'INVALID_FORMAT'); // no offset
      await bad(appId, '?since=2026-01-01%2000:00:00.000Z', 'since', 'INVALID_FORMAT');
      await bad(appId, '?since=2026-01-01T00:00:00%2B0200', 'since', 'INVALID_FORMAT'); // ±hhmm
      await bad(appId, '?since=yesterday-at-noon-please', 'since', 'INVALID_FORMAT');
      await bad(
        appId,
        `?since=${encodeURIComponent(new Date().getUTCFullYear() + '-02-30T00:00:00Z')}`,
        'since',
        'INVALID_FORMAT',
      );
      await bad(appId, '?since=2026-01-01T24:00:00Z', 'since', 'INVALID_FORMAT');
      await bad(appId, `?since=${since(7 * DAY + 5 * 60_000)}`, 'since', 'OUT_OF_RANGE');
      await bad(appId, `?since=${since(-10 * 60_000)}`, 'since', 'OUT_OF_RANGE');
      expect((await ok(appId, `?since=${since(-10_000)}`)).items).toEqual([]); // within the 60 s skew
    });

    it('source filters by stream, any case', async () => {
      expect(messages(await ok(appId, '?source=STDERR'))).toEqual(['warn', 'error']);
      expect(messages(await ok(appId, '?source=system'))).toEqual(['system']);
      expect(messages(await ok(appId, '?source=STDOUT'))).toEqual(['debug', 'info']);
      await bad(appId, '?source=STDIN', 'source', 'INVALID_VALUE');
    });

    it('level keeps lines at least that severe', async () => {
      expect(messages(await ok(appId, '?level=DEBUG'))).toEqual(all);
      expect(messages(await ok(appId, '?level=INFO'))).toEqual(['info', 'warn', 'error', 'system']);
      expect(messages(await ok(appId, '?level=warn'))).toEqual(['warn', 'error']);
      expect(messages(await ok(appId, '?level=ERROR'))).toEqual(['error']);
      expect(messages(await ok(appId, '?level=WARN&source=STDOUT'))).toEqual([]);
      const page = await ok(appId, '?level=ERROR&source=STDERR&pageSize=1');
      expect([page.totalItems, page.totalPages]).toEqual([1, 1]);
      await bad(appId, '?level=FATAL', 'level', 'INVALID_VALUE');
    });

    it('refuses unknown parameters', async () => {
      await bad(appId, '?tail=true', 'tail', 'UNKNOWN_FIELD');
    });
  });

  describe('access', () => {
    it('401 without a token, 403 without hosting.log:read, 404 for an unknown or foreign app', async () => {
      const appId = await newApp();
      expect((await logs(appId, '', null)).statusCode).toBe(401);
      const reader = await t.newCredential(
        ['hosting.application:read', 'hosting.paas.logs:read'],
        cred.accountId,
      );
      expect((await logs(appId, '', reader)).statusCode).toBe(403);
      const stranger = await t.newCredential(['hosting.log:read']);
      const foreign = await logs(appId, '', stranger);
      expect(foreign.statusCode).toBe(404);
      expect((foreign.json() as CommerceError).name).toBe('APP_NOT_FOUND');
      const unknown = await logs('NODEJS-doesNotExi');
      expect([unknown.statusCode, (unknown.json() as CommerceError).name]).toEqual([404, 'APP_NOT_FOUND']);
      const malformed = await logs('not-an-app');
      expect(malformed.statusCode).toBe(400);
    });

    it('answers on the earlier namespace with hosting.paas.logs:read and target=preview|publish', async () => {
      const appId = await newApp();
      const at = Date.now() - HOUR;
      await store.append(
        appId,
        'PUBLISH',
        [1, 2, 3].map((i) => line(new Date(at + i), `pub ${i}`)),
      );
      await store.append(appId, 'PREVIEW', [line(new Date(at), 'pre')]);
      const earlier = `/v1/hosting/nodejs/apps/${appId}/logs`;
      const res = await get(`${earlier}?target=publish&pageSize=2`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as LogPageResponse;
      expect([messages(page), page.totalItems, page.totalPages]).toEqual([['pub 1', 'pub 2'], 3, 2]);
      const href = mustNext(page);
      expect(href).toMatch(new RegExp(`^${earlier}\\?target=publish&since=`));
      expect(messages((await get(href)).json() as LogPageResponse)).toEqual(['pub 3']);
      expect(messages((await get(earlier)).json() as LogPageResponse)).toEqual(['pre']);
      const newOnly = await t.newCredential(['hosting.log:read'], cred.accountId);
      const paasOnly = await t.newCredential(['hosting.paas.logs:read'], cred.accountId);
      expect((await get(earlier, newOnly)).statusCode).toBe(403);
      expect((await logs(appId, '', paasOnly)).statusCode).toBe(403);
      expect((await get(earlier, paasOnly)).statusCode).toBe(200);
    });
  });

  describe('store', () => {
    const rows = async (appId: string): Promise<{ message: string; at: Date }[]> =>
      t.dataSource.query(
        `SELECT "message", "at" FROM "hosting"."app_log_lines" WHERE "app_id" = $1 ORDER BY "at", "id"`,
        [appId],
      );

    it('cuts messages at 16 Ki characters (never inside a surrogate pair) and replaces NUL', async () => {
      const appId = await newApp();
      const at = new Date(Date.now() - HOUR);
      const long = `a\u0000${'x'.repeat(LOG_MESSAGE_MAX_CHARS - 3)}😀tail`;
      await store.append(appId, 'PREVIEW', [line(at, long), line(at, '')]);
      const [first, second] = await rows(appId);
      expect(first.message).toHaveLength(LOG_MESSAGE_MAX_CHARS - 1);
      expect(first.message.startsWith('a\uFFFDx')).toBe(true);
      expect(second.message).toBe('');
    });

    it('batches: writes after the interval, at the size threshold and at shutdown, in order', async () => {
      const appId = await newApp();
      // The store's statements, counted as it sends them.
      const sent: string[] = [];
      const counted = {
        query: (sql: string, parameters?: unknown[]) => {
          sent.push(sql);
          return t.dataSource.query(sql, parameters);
        },
      };
      const batcher = new RuntimeLogStore(counted as never, { flushLines: 3, flushEveryMs: 60_000 });
      const at = Date.now() - HOUR;
      const pending = batcher.append(appId, 'PREVIEW', [
        line(new Date(at), 'a'),
        line(new Date(at + 1), 'b'),
      ]);
      // A write the append started would have been sent by the next turn of the event loop.
      await new Promise((r) => setImmediate(r));
      expect(sent).toHaveLength(0); // below flushLines, interval not reached
      expect(await rows(appId)).toHaveLength(0);
      await batcher.append(appId, 'PREVIEW', [line(new Date(at + 2), 'c')]); // reaches flushLines
      await pending;
      expect((await rows(appId)).map((r) => r.message)).toEqual(['a', 'b', 'c']);
      void batcher.append(appId, 'PREVIEW', [line(new Date(at + 3), 'd')]);
      await batcher.onApplicationShutdown();
      expect((await rows(appId)).map((r) => r.message)).toEqual(['a', 'b', 'c', 'd']);

      const quick = new RuntimeLogStore(t.dataSource, { flushLines: 1000, flushEveryMs: 20 });
      await quick.append(appId, 'PREVIEW', [line(new Date(at + 4), 'e')]);
      expect(await rows(appId)).toHaveLength(5);
    });

    it('drops lines beyond maxBufferedLines and never rejects, even when the write fails', async () => {
      const appId = await newApp();
      const small = new RuntimeLogStore(t.dataSource, {
        flushLines: 100,
        flushEveryMs: 20,
        maxBufferedLines: 2,
      });
      const at = Date.now() - HOUR;
      await small.append(
        appId,
        'PREVIEW',
        [1, 2, 3].map((i) => line(new Date(at + i), `m${i}`)),
      );
      expect((await rows(appId)).map((r) => r.message)).toEqual(['m1', 'm2']);
      const broken = { query: () => Promise.reject(new Error('database down')) };
      const failing = new RuntimeLogStore(broken as never, { flushEveryMs: 1 });
      await expect(failing.append(appId, 'PREVIEW', [line(new Date(), 'lost')])).resolves.toBeUndefined();
    });

    it('purges only lines older than 7 days, in batches', async () => {
      const appId = await newApp();
      const now = Date.now();
      const old = [8 * DAY, 7 * DAY + 60_000, 7 * DAY + 1000, 10 * DAY, 7 * DAY + 5].map((ago, i) =>
        line(new Date(now - ago), `old ${i}`),
      );
      const young = [7 * DAY - 60_000, DAY, 0].map((ago, i) => line(new Date(now - ago), `young ${i}`));
      await store.append(appId, 'PUBLISH', [...old, ...young]);
      const spy = jest.spyOn(t.dataSource, 'createQueryRunner');
      try {
        const deleted = await store.purgeOlderThan(new Date(now - LOG_RETENTION_MS), 2);
        expect(deleted).toBe(5);
        // 2 + 2 + 1: three DELETE statements of at most two rows, each on its own runner.
        expect(spy).toHaveBeenCalledTimes(3);
      } finally {
        spy.mockRestore();
      }
      expect((await rows(appId)).map((r) => r.message)).toEqual(['young 0', 'young 1', 'young 2']);
    });

    it('the worker schedules the log purge and the build pruning under fixed scheduler ids', async () => {
      const worker = await startHostingWorker(t.env);
      try {
        const queue = worker.app.get<Queue>(getQueueToken(HostingMaintenanceQueue.name));
        const scheduler = await queue.getJobScheduler(PURGE_APP_LOGS_SCHEDULER);
        expect(scheduler).toEqual(expect.objectContaining({ name: 'purge-app-logs', every: 3_600_000 }));
        expect(await queue.getJobScheduler(PRUNE_BUILDS_SCHEDULER)).toEqual(
          expect.objectContaining({ name: 'prune-builds', every: 600_000 }),
        );
      } finally {
        await worker.close();
      }
    });
  });
});
