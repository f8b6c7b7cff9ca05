import type { AddressInfo } from 'node:net';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { TokenService } from '@platform/auth';
import { REDIS, RedisKeys } from '@platform/database';
import type { Scope } from '@platform/scopes';
import type { InProcessServiceApp, TestCredential } from '@platform/testing';
import { bootInProcessServiceApp, waitFor } from '@platform/testing';
import { HostingAppModule } from '../src/app.module';
import { loadHostingConfig } from '../src/config/hosting.config';
import type { LogPageResponse } from '../src/modules/app-logs/app-logs.response';
import { RuntimeLogStore } from '../src/modules/app-logs/runtime-log-store.service';
import { BuildLogWriter } from '../src/modules/build-logs';
import { DeploymentOperationEntity } from '../src/modules/deployments/deployment-operation.entity';
import { ImportOperationEntity } from '../src/modules/imports/import-operation.entity';
import type { RuntimeLogLine } from '../src/modules/runtime/runtime-driver';
import { postHostingApp } from './support/hosting-flows';
import { hostingEnv, startHostingTestApp } from './support/hosting-test-app';
import type { HostingTestApp } from './support/hosting-test-app';
import { openSse } from './support/sse-client';
import type { SseConnection, SseEvent } from './support/sse-client';

const SCOPES: Scope[] = [
  'hosting.application:create',
  'hosting.application:read',
  'hosting.log:read',
  'hosting.paas.logs:read',
];
/** Small enough that a paused reader fills it quickly; the kernel's socket buffers come first. */
const BUFFER_BYTES = 64 * 1024;

const line = (message: string, extra: Partial<RuntimeLogLine> = {}): RuntimeLogLine => ({
  at: new Date(),
  source: 'STDOUT',
  level: 'INFO',
  message,
  ...extra,
});

const lines = (events: readonly SseEvent[]): SseEvent[] => events.filter((e) => e.event === 'message');
const messages = (events: readonly SseEvent[]): string[] =>
  lines(events).map((e) => (JSON.parse(e.data) as { message: string }).message);

async function listen(app: InProcessServiceApp['app']): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

describe('hosting live logs (Server-Sent Events, two API replicas, real Postgres and Redis)', () => {
  let a: HostingTestApp;
  let b: InProcessServiceApp;
  let urlA: string;
  let urlB: string;
  let cred: TestCredential;
  let store: RuntimeLogStore;
  const open: SseConnection[] = [];

  beforeAll(async () => {
    const settings = {
      HOSTING_LOG_STREAM_HEARTBEAT_MS: '200',
      // Followers are woken by the database's notifications: the slow poll would take a minute.
      HOSTING_LOG_STREAM_POLL_MS: '60000',
      HOSTING_LOG_STREAM_BUFFER_BYTES: String(BUFFER_BYTES),
      HOSTING_LOG_STREAM_STALL_MS: '1000',
      HOSTING_LOG_STREAMS_PER_TOKEN: '3',
    };
    a = await startHostingTestApp('hosting-live-logs', settings);
    // The second replica: the same database and Redis prefix, its own process state.
    b = await bootInProcessServiceApp(
      a.env,
      HostingAppModule.forRoot(loadHostingConfig(hostingEnv(a.env))),
      'Hosting replica B',
    );
    [urlA, urlB] = [await listen(a.app), await listen(b.app)];
    cred = await a.newCredential(SCOPES);
    store = a.app.get(RuntimeLogStore);
  });

  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });

  afterAll(async () => {
    await b?.app.close();
    await a?.close();
  });

  const newApp = async (): Promise<string> => (await postHostingApp(a, cred, 'live logs app')).appId;

  const follow = async (
    base: string,
    path: string,
    headers: Record<string, string> = {},
    c: TestCredential = cred,
  ): Promise<SseConnection> => {
    const conn = await openSse(`${base}${path}`, { ...c.headers, ...headers });
    open.push(conn);
    return conn;
  };
  const until = <T>(
    what: string,
    probe: () => Promise<T | undefined | false> | T | undefined | false,
    timeoutMs = 10_000,
  ) => waitFor(probe, { what, timeoutMs, intervalMs: 10 });

  it('sends the history the filters select, then a line written after it connected within 1 s', async () => {
    const appId = await newApp();
    await store.append(appId, 'PREVIEW', [line('old info'), line('old warning', { level: 'WARN' })]);
    const conn = await follow(urlA, `/v1/hosting/apps/${appId}/logs?level=WARN`);
    expect(conn.status).toBe(200);
    expect(conn.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await until('the history', () => messages(conn.events).length === 1);
    expect(messages(conn.events)).toEqual(['old warning']);

    const writtenAt = Date.now();
    void store.append(appId, 'PREVIEW', [line('live error', { level: 'ERROR' })]);
    const event = await until('the live line', () => lines(conn.events)[1]);
    expect(JSON.parse(event.data)).toEqual({
      timestamp: expect.stringMatching(/Z$/),
      level: 'ERROR',
      source: 'STDOUT',
      message: 'live error',
    });
    expect(event.receivedAt - writtenAt).toBeLessThan(1000);
    console.log(
      `live logs: a line written after the follower connected arrived in ${event.receivedAt - writtenAt} ms`,
    );
  });

  it('resumes on the other replica with Last-Event-ID: exactly the lines written meanwhile, in order', async () => {
    const appId = await newApp();
    await store.append(appId, 'PREVIEW', [line('before 1'), line('before 2')]);
    const first = await follow(urlA, `/v1/hosting/apps/${appId}/logs`);
    await until('the first two lines', () => lines(first.events).length === 2);
    first.close();
    const lastId = lines(first.events)[1].id as string;

    const hundred = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`);
    for (let i = 0; i < 100; i += 25)
      await store.append(
        appId,
        'PREVIEW',
        hundred.slice(i, i + 25).map((m) => line(m)),
      );
    const resumed = await follow(urlB, `/v1/hosting/apps/${appId}/logs`, { 'last-event-id': lastId });
    await until('the hundred lines', () => lines(resumed.events).length >= 100);
    // A marker written after them proves nothing else came between.
    await store.append(appId, 'PREVIEW', [line('marker')]);
    await until('the marker', () => messages(resumed.events).includes('marker'));
    expect(messages(resumed.events)).toEqual([...hundred, 'marker']);
    expect(new Set(lines(resumed.events).map((e) => e.id)).size).toBe(101);
    console.log(
      `live logs: resumed on the other replica with Last-Event-ID: ${messages(resumed.events).length - 1} of the 100 lines written meanwhile, in order, no duplicate`,
    );
  });

  it('resumes from a pageToken too: a page’s next token, or an event id sent as pageToken', async () => {
    const appId = await newApp();
    await store.append(
      appId,
      'PREVIEW',
      ['a', 'b', 'c'].map((m) => line(m)),
    );
    const page = (
      await a.inject({
        method: 'GET',
        url: `/v1/hosting/apps/${appId}/logs?pageSize=1`,
        headers: cred.headers,
      })
    ).json() as LogPageResponse;
    const next = page.links.find((l) => l.rel === 'next')?.href as string;
    const fromPage = await follow(urlB, `${next}&follow=true`, { accept: '*/*' });
    await until('the lines after the page', () => lines(fromPage.events).length === 2);
    expect(messages(fromPage.events)).toEqual(['b', 'c']);

    const id = lines(fromPage.events)[0].id as string;
    const fromId = await follow(urlA, `/v1/hosting/apps/${appId}/logs?pageToken=${encodeURIComponent(id)}`);
    await until('the line after b', () => lines(fromId.events).length === 1);
    expect(messages(fromId.events)).toEqual(['c']);
  });

  it('refuses a forged Last-Event-ID with 400 INVALID_PAGE_TOKEN and another account’s app with 404', async () => {
    const appId = await newApp();
    const forged = await follow(urlA, `/v1/hosting/apps/${appId}/logs`, { 'last-event-id': '1.2.AAAA' });
    await until('the answer', () => forged.ended());
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body())).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [expect.objectContaining({ issue: 'INVALID_PAGE_TOKEN' })],
    });
    const other = await follow(urlA, `/v1/hosting/apps/${appId}/logs`, {}, await a.newCredential(SCOPES));
    await until('the answer', () => other.ended());
    expect(other.status).toBe(404);
  });

  it('sends heartbeats, and serves the earlier namespace’s logs route the same way', async () => {
    const appId = await newApp();
    await store.append(appId, 'PUBLISH', [line('published')]);
    const conn = await follow(urlB, `/v1/hosting/nodejs/apps/${appId}/logs?target=publish`);
    await until('a heartbeat', () => conn.comments.includes('heartbeat'));
    expect(messages(conn.events)).toEqual(['published']);
  });

  it('cuts a slow reader with a last event saying so, without slowing the app or other readers', async () => {
    const appId = await newApp();
    const c = await a.newCredential(SCOPES, cred.accountId);
    const slow = await follow(urlA, `/v1/hosting/apps/${appId}/logs`, {}, c);
    const fast = await follow(urlA, `/v1/hosting/apps/${appId}/logs`, {}, c);
    slow.pause();
    const big = 'x'.repeat(4000);
    const total = 6000;
    const started = Date.now();
    for (let i = 0; i < total; i += 500)
      await store.append(
        appId,
        'PREVIEW',
        Array.from({ length: 500 }, (_, j) => line(`${i + j} ${big}`)),
      );
    const writing = Date.now() - started;
    await until('the fast reader to get every line', () => lines(fast.events).length === total, 30_000);
    // The server cut the slow reader: its stream gave back its slot (the fast one holds the other).
    const slots = a.app.get<Redis>(REDIS);
    const key = a.app.get(RedisKeys).key('hosting', 'log-streams', c.tokenId);
    await until('the slow stream to end', async () => (await slots.zcard(key)) === 1, 20_000);
    slow.resume();
    const cut = await until('the cut event', () => slow.events.find((e) => e.event === 'cut'), 30_000);
    expect(JSON.parse(cut.data)).toMatchObject({ reason: 'SLOW_READER' });
    expect(lines(slow.events).length).toBeLessThan(total);
    await until('the slow reader to be disconnected', () => slow.ended());
    // The app's writes never waited for a reader: 24 MB of lines in 12 inserts.
    expect(writing).toBeLessThan(10_000);
    // The cut reader resumes where it was cut, with nothing lost.
    const resumed = await follow(urlB, `/v1/hosting/apps/${appId}/logs`, {
      'last-event-id': lines(slow.events).at(-1)?.id as string,
    });
    await until('the rest', () => lines(slow.events).length + lines(resumed.events).length === total, 30_000);
    expect(
      [...messages(slow.events), ...messages(resumed.events)].map((m) => Number(m.split(' ')[0])),
    ).toEqual(Array.from({ length: total }, (_, i) => i));
  }, 90_000);

  it('limits the open streams of one credential across replicas (429), and frees a closed one', async () => {
    const appId = await newApp();
    const c = await a.newCredential(SCOPES, cred.accountId);
    const path = `/v1/hosting/apps/${appId}/logs`;
    const held = [
      await follow(urlA, path, {}, c),
      await follow(urlB, path, {}, c),
      await follow(urlA, path, {}, c),
    ];
    expect(held.map((h) => h.status)).toEqual([200, 200, 200]);
    const refused = await follow(urlB, path, {}, c);
    await until('the answer', () => refused.ended());
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body())).toMatchObject({ name: 'TOO_MANY_REQUESTS' });
    held[0].close();
    const again = await until('a slot to be free', async () => {
      const conn = await follow(urlB, path, {}, c);
      return conn.status === 200 ? conn : (conn.close(), undefined);
    });
    expect(again.status).toBe(200);
  });

  it('ends the streams of a revoked token', async () => {
    const appId = await newApp();
    const c = await a.newCredential(SCOPES, cred.accountId);
    const onA = await follow(urlA, `/v1/hosting/apps/${appId}/logs`, {}, c);
    const onB = await follow(urlB, `/v1/hosting/apps/${appId}/logs`, {}, c);
    await until('both open', () => onA.comments.includes('heartbeat') && onB.comments.includes('heartbeat'));
    await a.app.get(TokenService).revoke(c.tokenId);
    for (const conn of [onA, onB]) {
      const end = await until('the end event', () => conn.events.find((e) => e.event === 'end'));
      expect(JSON.parse(end.data)).toMatchObject({ reason: 'TOKEN_REVOKED' });
      await until('the stream to end', () => conn.ended());
    }
  });

  describe('the build log of a running deployment', () => {
    /** A deployment record as the API creates it (EXECUTING), without running a build. */
    const runningDeployment = async (appId: string): Promise<string> => {
      const id = randomUUID();
      await a.dataSource.getRepository(DeploymentOperationEntity).insert({
        id,
        status: 'EXECUTING',
        jobQueue: 'hosting-deployments',
        jobName: 'run-deployment',
        jobData: { operationId: id },
        accountId: cred.accountId,
        appId,
        importId: randomUUID(),
        sourceBuildDir: '/nowhere',
        startCommand: { command: 'node', args: ['index.js'] },
      } as Partial<DeploymentOperationEntity>);
      return id;
    };
    const logsPath = (appId: string, id: string) => `/v1/hosting/apps/${appId}/deployments/${id}/logs`;
    const builtLines = (events: readonly SseEvent[]): string[] =>
      lines(events).map((e) => (JSON.parse(e.data) as { line: string }).line.replace(/^\S+ /, ''));

    it('follows the lines as the builder writes them, resumes on the other replica, and ends with the deployment', async () => {
      const appId = await newApp();
      const id = await runningDeployment(appId);
      const log = await BuildLogWriter.open(a.dataSource, id);
      log.line('SYSTEM', 'copying the build');
      await log.flush();
      const first = await follow(urlA, logsPath(appId, id));
      expect(first.status).toBe(200);
      await until('the first line', () => lines(first.events).length === 1);
      const writtenAt = Date.now();
      log.line('STDOUT', 'installed');
      const live = await until('the live line', () => lines(first.events)[1]);
      expect(live.receivedAt - writtenAt).toBeLessThan(1000);
      first.close();

      for (let i = 1; i <= 100; i++) log.line('STDOUT', `step ${i}`);
      await log.flush();
      const resumed = await follow(urlB, logsPath(appId, id), { 'last-event-id': live.id as string });
      await until('the hundred lines', () => lines(resumed.events).length === 100);
      log.line('SYSTEM', 'deployment succeeded');
      await log.flush();
      await a.dataSource.getRepository(DeploymentOperationEntity).update(id, { status: 'COMPLETED' });
      const end = await until('the end of the log', () => resumed.events.find((e) => e.event === 'end'));
      expect(JSON.parse(end.data)).toMatchObject({ reason: 'COMPLETED' });
      expect(builtLines(resumed.events)).toEqual([
        ...Array.from({ length: 100 }, (_, i) => `STDOUT step ${i + 1}`),
        'SYSTEM deployment succeeded',
      ]);
      expect(lines(resumed.events).map((e) => e.id)).toEqual(
        Array.from({ length: 101 }, (_, i) => String(i + 3)),
      );
    });

    it('answers JSON without Accept: text/event-stream, and 400 for a Last-Event-ID that is no line number', async () => {
      const appId = await newApp();
      const id = await runningDeployment(appId);
      const json = await a.inject({ method: 'GET', url: logsPath(appId, id), headers: cred.headers });
      expect(json.statusCode).toBe(200);
      expect(json.json()).toMatchObject({ deploymentId: id, lines: [] });
      const followed = await follow(urlA, `${logsPath(appId, id)}?follow=true`, {
        accept: 'application/json',
      });
      expect(followed.status).toBe(200);
      expect(followed.headers['content-type']).toMatch(/^text\/event-stream/);
      const bad = await follow(urlA, logsPath(appId, id), { 'last-event-id': 'x' });
      await until('the answer', () => bad.ended());
      expect(bad.status).toBe(400);
    });
  });

  describe('the build log of a running import', () => {
    /** An import record as the API creates it (EXECUTING), without running a build. */
    const runningImport = async (appId: string): Promise<string> => {
      const id = randomUUID();
      await a.dataSource.getRepository(ImportOperationEntity).insert({
        id,
        status: 'EXECUTING',
        jobQueue: 'hosting-imports',
        jobName: 'run-import',
        jobData: { operationId: id },
        accountId: cred.accountId,
        appId,
        archivePath: '/nowhere.zip',
        archiveBytes: 1,
        fileName: 'app.zip',
      } as Partial<ImportOperationEntity>);
      return id;
    };
    const logsPath = (appId: string, id: string) => `/v1/hosting/apps/${appId}/imports/${id}/logs`;
    const builtLines = (events: readonly SseEvent[]): string[] =>
      lines(events).map((e) => (JSON.parse(e.data) as { line: string }).line.replace(/^\S+ /, ''));

    it('follows the lines as the builder writes them, resumes on the other replica, and ends with the import', async () => {
      const appId = await newApp();
      const id = await runningImport(appId);
      const log = await BuildLogWriter.open(a.dataSource, id);
      log.line('SYSTEM', 'extracting the archive');
      await log.flush();
      const first = await follow(urlA, logsPath(appId, id));
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
      await until('the first line', () => lines(first.events).length === 1);
      const writtenAt = Date.now();
      log.line('STDOUT', 'added 1 package');
      const live = await until('the live line', () => lines(first.events)[1]);
      expect(live.receivedAt - writtenAt).toBeLessThan(1000);
      await until('a heartbeat', () => first.comments.includes('heartbeat'));
      first.close();

      for (let i = 1; i <= 100; i++) log.line('STDOUT', `build step ${i}`);
      await log.flush();
      // follow=true with another Accept streams too.
      const resumed = await follow(urlB, `${logsPath(appId, id)}?follow=true`, {
        accept: 'application/json',
        'last-event-id': live.id as string,
      });
      expect(resumed.status).toBe(200);
      await until('the hundred lines', () => lines(resumed.events).length === 100);
      log.line('SYSTEM', 'started, listening on port 3000');
      await log.flush();
      await a.dataSource.getRepository(ImportOperationEntity).update(id, { status: 'COMPLETED' });
      const end = await until('the end of the log', () => resumed.events.find((e) => e.event === 'end'));
      expect(JSON.parse(end.data)).toMatchObject({ reason: 'COMPLETED' });
      expect(builtLines(resumed.events)).toEqual([
        ...Array.from({ length: 100 }, (_, i) => `STDOUT build step ${i + 1}`),
        'SYSTEM started, listening on port 3000',
      ]);
      expect(lines(resumed.events).map((e) => e.id)).toEqual(
        Array.from({ length: 101 }, (_, i) => String(i + 3)),
      );
      await until('the stream to end', () => resumed.ended());

      // An import that already ended: its whole log, then the end at once.
      const after = await follow(urlA, logsPath(appId, id));
      await until('the end of the ended import', () => after.events.find((e) => e.event === 'end'));
      expect(lines(after.events)).toHaveLength(103);
      // pageToken resumes the same way, for a client that cannot send Last-Event-ID; the header wins.
      const fromToken = await follow(urlB, `${logsPath(appId, id)}?pageToken=100`);
      await until('the end after the token', () => fromToken.events.find((e) => e.event === 'end'));
      expect(lines(fromToken.events).map((e) => e.id)).toEqual(['101', '102', '103']);
      const both = await follow(urlA, `${logsPath(appId, id)}?pageToken=100`, { 'last-event-id': '102' });
      await until('the end after the header', () => both.events.find((e) => e.event === 'end'));
      expect(lines(both.events).map((e) => e.id)).toEqual(['103']);
    });

    it('answers JSON without Accept: text/event-stream, links it from the import, 400 for a bad Last-Event-ID, 404 for another account', async () => {
      const appId = await newApp();
      const id = await runningImport(appId);
      const log = await BuildLogWriter.open(a.dataSource, id);
      log.line('SYSTEM', 'extracting the archive');
      await log.flush();
      const json = await a.inject({ method: 'GET', url: logsPath(appId, id), headers: cred.headers });
      expect(json.statusCode).toBe(200);
      expect(json.json()).toEqual({
        importId: id,
        lines: [expect.stringMatching(/ SYSTEM extracting the archive$/) as string],
        links: [
          { rel: 'self', href: logsPath(appId, id) },
          { rel: 'import', href: `/v1/hosting/apps/${appId}/imports/${id}` },
        ],
      });
      const polled = await a.inject({
        method: 'GET',
        url: `/v1/hosting/apps/${appId}/imports/${id}`,
        headers: cred.headers,
      });
      expect((polled.json() as { links: unknown[] }).links).toContainEqual({
        rel: 'logs',
        href: logsPath(appId, id),
      });
      const bad = await follow(urlA, logsPath(appId, id), { 'last-event-id': 'x' });
      await until('the answer', () => bad.ended());
      expect(bad.status).toBe(400);
      const badToken = await a.inject({
        method: 'GET',
        url: `${logsPath(appId, id)}?follow=true&pageToken=1.2`,
        headers: cred.headers,
      });
      expect(badToken.statusCode).toBe(400);
      expect(badToken.json()).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [
          expect.objectContaining({ field: 'pageToken', issue: 'INVALID_PAGE_TOKEN', location: 'query' }),
        ],
      });
      const other = await follow(urlA, logsPath(appId, id), {}, await a.newCredential(SCOPES));
      await until('the answer', () => other.ended());
      expect(other.status).toBe(404);
      const unknown = await follow(urlA, logsPath(appId, randomUUID()));
      await until('the answer', () => unknown.ended());
      expect(unknown.status).toBe(404);
    });
  });
});
