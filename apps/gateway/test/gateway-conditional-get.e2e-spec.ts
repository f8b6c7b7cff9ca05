import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { AUTH_MIGRATION_SET } from '@platform/auth';
import { dataSourceOptions } from '@platform/database';
import {
  TestCredential,
  TestEnv,
  createTestCredential,
  createTestEnv,
  freePort,
  runAdminJson,
  waitFor,
} from '@platform/testing';
import { DataSource } from 'typeorm';
import { FakeService, RunningGateway, call, startGateway } from './support/gateway-test-kit';

const ROOT = join(__dirname, '../../..');

/** A service's own entry (src/main.ts) in a process of its own, as `npm start` runs it. */
async function startService(
  app: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', join(ROOT, `apps/${app}/src/main.ts`)],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TS_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'),
        TS_NODE_TRANSPILE_ONLY: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${app} exited:\n${output}`);
      const ready = await fetch(`${url}/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      return ready || undefined;
    },
    { what: `${app} to be ready`, timeoutMs: 90_000, intervalMs: 100 },
  );
  return { url, child, output: () => output };
}

async function stopService(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Conditional GETs and compression through the real gateway in front of the real commerce-rest
 * and countries services, each in a process of its own on the suite's database and Redis prefix.
 */
describe('gateway: ETag, If-None-Match and compression over the real commerce and countries services', () => {
  let env: TestEnv;
  let commerce: ChildProcess | undefined;
  let countries: ChildProcess | undefined;
  let dataSource: DataSource;
  let others: FakeService;
  let gateway: RunningGateway;
  let tmp: string;
  let shopper: TestCredential;
  let reader: TestCredential;
  let storeId: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'gateway-etag-'));
    env = await createTestEnv('gateway-etag', { RATE_LIMIT_CREDENTIAL_LIMIT: '100000' });
    const [commerceService, countriesService] = await Promise.all([
      startService('commerce-rest', env.env),
      startService('countries', env.env),
    ]);
    commerce = commerceService.child;
    countries = countriesService.child;
    others = await FakeService.start();
    gateway = await startGateway(others.url, {
      COMMERCE_REST_URL: commerceService.url,
      COUNTRIES_URL: countriesService.url,
      SUPERGRAPH_FILE: join(tmp, 'none.graphql'),
    });
    dataSource = new DataSource(
      dataSourceOptions({ url: env.db.url, applicationName: 'gateway-etag-test', poolSize: 2 }, [
        AUTH_MIGRATION_SET,
      ]),
    );
    await dataSource.initialize();
    shopper = await createTestCredential(dataSource, [
      'commerce.store:read',
      'commerce.customer:read',
      'commerce.customer:create',
      'commerce.customer:update',
    ]);
    reader = await createTestCredential(dataSource, ['hosting.log:read']);
    storeId = (await runAdminJson(env, 'store', 'create', '--account', shopper.accountId)).storeId;
  }, 180_000);

  afterAll(async () => {
    await gateway?.close();
    await others?.close();
    await Promise.all([stopService(commerce), stopService(countries)]);
    await dataSource?.destroy();
    await env?.teardown();
    rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  const get = (path: string, cred: TestCredential, headers: Record<string, string> = {}) =>
    call(gateway.url, { path, headers: { ...cred.headers, ...headers } });

  it.each([
    ['a store', () => `/v1/commerce/stores/${storeId}`, () => shopper],
    ['the customers list', () => `/v1/commerce/stores/${storeId}/customers`, () => shopper],
    ['a country', () => '/v1/countries/DE?marketId=de-DE', () => reader],
  ])(
    'gives %s a strong ETag and answers If-None-Match naming it 304 without a body',
    async (_what, path, cred) => {
      const first = await get(path(), cred());
      expect(first.status).toBe(200);
      const tag = String(first.headers.etag);
      expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      const again = await get(path(), cred(), { 'if-none-match': tag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tag);
      const other = await get(path(), cred(), { 'if-none-match': '"somethingelse"' });
      expect(other.status).toBe(200);
      expect(other.body.equals(first.body)).toBe(true);
    },
  );

  it('changes the customers list’s ETag after a write, and the write itself is answered as before', async () => {
    const list = `/v1/commerce/stores/${storeId}/customers`;
    const before = await get(list, shopper);
    const created = await call(gateway.url, {
      method: 'POST',
      path: list,
      headers: {
        ...shopper.headers,
        'content-type': 'application/json',
        'if-none-match': String(before.headers.etag),
      },
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: 'Lovelace',
        emails: [{ email: 'ada@example.com' }],
      }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.etag).toBeUndefined();
    const after = await get(list, shopper, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'compresses the country list for %s, with a coded ETag that If-None-Match still matches',
    async (coding, decode) => {
      const path = '/v1/countries?marketId=en-US';
      const identity = await get(path, reader);
      const coded = await get(path, reader, { 'accept-encoding': coding });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(decode(coded.body).equals(identity.body)).toBe(true);
      expect(coded.body.length).toBeLessThan(identity.body.length / 3);
      process.stdout.write(
        `gateway compression: country list ${identity.body.length} B → ${coding} ${coded.body.length} B ` +
          `(${((coded.body.length / identity.body.length) * 100).toFixed(1)} %)\n`,
      );
      expect(coded.headers.etag).toBe(`${String(identity.headers.etag).slice(0, -1)}.${coding}"`);
      const revalidated = await get(path, reader, {
        'accept-encoding': coding,
        'if-none-match': String(coded.headers.etag),
      });
      expect(revalidated.status).toBe(304);
    },
  );
});
