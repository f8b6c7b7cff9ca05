import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { Logger } from '@nestjs/common';
import { SERVICE_PORTS, WORKER_PORTS } from '@platform/config';
import type { Scope } from '@platform/scopes';
import type { SandboxToolDir, TestCredential } from '@platform/testing';
import { sandboxToolsWithout, waitFor } from '@platform/testing';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import { SANDBOX_APP_PORT } from '../src/modules/runtime';
import { SANDBOX_TOOL_DIRS } from '../src/modules/runtime/sandbox/sandbox-host';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import { createHostingApp, importArchive } from './support/hosting-flows';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';
import { InternetNamespace, startInternetNamespace } from './support/internet-namespace';

const SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.source:write'];

type Target = { host: string; port: number } | { path: string };
interface Attempt {
  target: Target;
  ok: boolean;
  error: string | null;
}

/** TCP ports something listens on in this (the host's) network namespace. */
function listeningPorts(): number[] {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A') ports.add(parseInt(cols[1].slice(cols[1].lastIndexOf(':') + 1), 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

/** Path-named unix sockets listening on the host (PostgreSQL's, Redis', …). */
function listeningUnixSockets(): string[] {
  return readFileSync('/proc/net/unix', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[5] === '01' && cols[7]?.startsWith('/'))
    .map((cols) => cols[7]);
}

/** Every address of the host's interfaces (loopback included). */
function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => !a.address.startsWith('fe80'))
    .map((a) => a.address);
}

/** The sandbox-side addresses of every app link on this host (other tenants' sandboxes). */
function sandboxAddresses(): string[] {
  const links = JSON.parse(execFileSync('ip', ['-j', '-4', 'addr', 'show'], { encoding: 'utf8' })) as Array<{
    ifname: string;
    addr_info?: Array<{ local: string }>;
  }>;
  return links
    .filter((l) => l.ifname.startsWith('dph'))
    .flatMap((l) =>
      (l.addr_info ?? []).map((a) => a.local.replace(/\.(\d+)$/, (_m, d) => `.${Number(d) + 1}`)),
    );
}

/**
 * Issue 13, scope 1: a tenant's app runs where it can reach nothing of the platform's: not a port of
 * this host on any of its addresses (PostgreSQL, Redis, every service and worker, another tenant's
 * app), not a unix socket, not another process' /proc; it answers its own traffic, and reaches the
 * internet only with HOSTING_APP_EGRESS=internet. Real imports, real sandboxes, real packets.
 * Issue 30, scope 6: a worker on a host without `nft` (HOSTING_SANDBOX_PATH without it) still runs
 * the apps in their sandboxes, with egress NONE, and says so once at start and in every status.
 */
describe('hosting isolation: a probe app reaches nothing of the platform (real sandboxes and network)', () => {
  let t: BuildingHostingTestApp;
  let cred: TestCredential;
  let worker: HostingWorkerHarness | undefined;
  let internet: InternetNamespace;
  let withoutNft: SandboxToolDir | undefined;
  let probeId: string;
  let tenantId: string;
  let probeAddresses: string[] = [];
  /** Where the hosting API and the worker of this suite listen (on every address of the host). */
  const platformPorts: number[] = [];

  beforeAll(async () => {
    internet = await startInternetNamespace();
    t = await startBuildingHostingTestApp('hosting-isolation', { HOSTING_APP_EGRESS: 'internet' });
    cred = await t.newCredential(SCOPES);
    worker = await startHostingWorker(t.env);
    // Both listen like deployed processes (HOST 0.0.0.0): the API port and the worker's health port.
    for (const app of [t.app, worker.app]) {
      await app.listen(0, '0.0.0.0');
      platformPorts.push(Number(new URL(await app.getUrl()).port));
    }
  }, 120_000);

  afterAll(async () => {
    await closeWorkerThenApp(worker, t);
    await internet?.close();
    withoutNft?.remove();
  });

  const createApp = (name: string): Promise<string> => createHostingApp(t, cred, name);

  async function importFixture(
    appId: string,
    fixture: string,
    files?: { name: string; data: Buffer }[],
  ): Promise<void> {
    const done = await importArchive(t, cred, appId, await zipOf(files ?? (await fixtureFiles(fixture))));
    expect(done.error ?? null).toBeNull();
    expect(done.status).toBe('COMPLETED');
  }

  async function preview(appId: string) {
    const res = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${appId}/status`,
      headers: cred.headers,
    });
    const found = (res.json() as AppStatusResponse).variants.find((v) => v.variant === 'PREVIEW');
    if (!found) throw new Error(`${appId} has no PREVIEW`);
    return found;
  }

  /** A request to the app through the worker's /hosted proxy (what the gateway forwards to). */
  async function hosted(appId: string, path: string, payload?: unknown): Promise<unknown> {
    return waitFor<unknown>(
      async () => {
        if (!worker) throw new Error('no worker');
        const res = await worker.app.inject({
          method: payload === undefined ? 'GET' : 'POST',
          url: `/hosted/${appId}/preview${path}`,
          ...(payload === undefined
            ? {}
            : { payload: payload as object, headers: { 'content-type': 'application/json' } }),
        });
        return res.statusCode === 200 ? (res.json() as unknown) : undefined;
      },
      { what: `${appId} to answer ${path}`, timeoutMs: 30_000 },
    );
  }

  const attempt = (targets: Target[]): Promise<Attempt[]> =>
    hosted(probeId, '/connect', { targets, timeoutMs: 1500 }) as Promise<Attempt[]>;

  async function forbiddenTargets(): Promise<Target[]> {
    // Every port listening on the host now, this suite's API and worker, and every platform port
    // of the service map (whether or not a process serves it during this run).
    const ports = [
      ...new Set([
        ...listeningPorts(),
        ...platformPorts,
        ...Object.values(SERVICE_PORTS),
        ...Object.values(WORKER_PORTS),
      ]),
    ];
    const tenantPort = (await preview(tenantId)).port ?? 0;
    expect(tenantPort).toBeGreaterThan(0);
    const addresses = hostAddresses();
    const db = new URL(t.env.config('hosting').databaseUrl);
    const redis = new URL(t.env.config('hosting').redisUrl);
    const targets: Target[] = [
      { host: db.hostname, port: Number(db.port || 5432) },
      { host: redis.hostname, port: Number(redis.port || 6379) },
      { host: '127.0.0.1', port: 5432 },
      { host: '127.0.0.1', port: 6379 },
      { host: '::1', port: 5432 },
      { host: '127.0.0.1', port: tenantPort },
      { host: '127.0.0.2', port: tenantPort },
      // Every other sandbox's address (its own would be itself).
      ...sandboxAddresses()
        .filter((host) => !probeAddresses.includes(host))
        .map((host) => ({ host, port: 8080 })),
      ...listeningUnixSockets().map((path) => ({ path })),
    ];
    for (const host of addresses) {
      for (const port of ports) {
        // Inside its sandbox, loopback port 8080 is the probe itself (every app listens there).
        if ((host === '::1' || host.startsWith('127.')) && port === SANDBOX_APP_PORT) continue;
        targets.push({ host, port });
      }
    }
    return targets;
  }

  it('the probe runs sandboxed as an unprivileged user and answers its own traffic', async () => {
    probeId = await createApp('probe');
    tenantId = await createApp('other tenant');
    await importFixture(probeId, 'runtime-probe');
    await importFixture(tenantId, 'runtime-http');
    const whoami = (await hosted(probeId, '/whoami')) as { uid: number; port: string; addresses: string[] };
    probeAddresses = whoami.addresses;
    expect(whoami.uid).toBe(10001);
    expect(whoami.port).toBe('8080');
    expect((await hosted(tenantId, '/')) as { url: string }).toMatchObject({ url: '/' });
    await waitFor(
      async () => {
        const { isolation, egress } = await preview(probeId);
        return isolation === 'NETNS' && egress === 'INTERNET' ? true : undefined;
      },
      { what: 'the status to report the sandbox and its internet egress' },
    );
  }, 180_000);

  it('every port of the host on every address, PostgreSQL, Redis, unix sockets and the other tenant: all refused', async () => {
    const targets = await forbiddenTargets();
    expect(targets.length).toBeGreaterThan(10);
    const results = await attempt(targets);
    const reached = results.filter((r) => r.ok);
    expect(reached).toEqual([]);
    // What each kind of forbidden connection got, for the record: refused on the sandbox's own
    // loopback, dropped (timeout) or unreachable beyond it, no such file for the host's sockets.
    const byError = new Map<string, Target[]>();
    for (const r of results)
      byError.set(String(r.error), [...(byError.get(String(r.error)) ?? []), r.target]);
    expect([...byError.keys()].every((e) => e !== 'null')).toBe(true);
    const summary = [...byError].map(
      ([error, hit]) =>
        `${error} ×${hit.length} (e.g. ${hit
          .slice(0, 3)
          .map((h) => ('path' in h ? h.path : `${h.host}:${h.port}`))
          .join(', ')})`,
    );
    console.log(`isolation: ${results.length} forbidden connections: ${summary.join('; ')}`);
  }, 120_000);

  it('an app that answers before reading a large body and closes leaves no stalled connection at the worker', async () => {
    const workerUrl = (await worker?.app.getUrl()) ?? '';
    const upload = await fetch(`${workerUrl}/hosted/${probeId}/preview/early`, {
      method: 'POST',
      body: Buffer.alloc(3 * 1024 * 1024, 'a'),
      signal: AbortSignal.timeout(10_000),
    });
    expect(upload.status).toBeGreaterThanOrEqual(400);
    await upload.arrayBuffer();
    // fetch reuses its keep-alive connections: one left with the unread rest of the body would
    // take one of these and never answer it.
    for (let i = 0; i < 4; i += 1) {
      const next = await fetch(`${workerUrl}/hosted/${probeId}/preview/whoami`, {
        signal: AbortSignal.timeout(3000),
      });
      expect(next.status).toBe(200);
      await next.arrayBuffer();
    }
  });

  it("no other process' /proc entry is readable", async () => {
    const proc = (await hosted(probeId, '/proc')) as { entries: string[]; readable: string[] };
    expect(proc.readable).toEqual([]);
    expect(proc.entries.length).toBeLessThanOrEqual(1); // at most itself
  });

  it("a build script runs sandboxed too: the host's ports, sockets and files are out of its reach", async () => {
    const builderId = await createApp('build probe');
    const targets = await forbiddenTargets();
    const files = (await fixtureFiles('build-probe')).map((f) =>
      f.name === 'targets.json' ? { name: f.name, data: Buffer.from(JSON.stringify(targets)) } : f,
    );
    await importFixture(builderId, 'build-probe', files);
    const result = (await hosted(builderId, '/')) as {
      uid: number;
      connections: Attempt[];
      files: Record<string, boolean>;
    };
    expect(result.uid).toBe(10001);
    expect(result.connections).toHaveLength(targets.length);
    expect(result.connections.filter((c) => c.ok)).toEqual([]);
    expect(result.files).toEqual({
      '/etc/hostname': false,
      '/etc/passwd': false,
      '/root/.bashrc': false,
      '/proc/1/environ': false,
    });
  }, 180_000);

  it('egress internet: the probe reaches a server beyond the host', async () => {
    const [result] = await attempt([{ host: internet.address, port: internet.port }]);
    expect(result).toMatchObject({ ok: true });
  });

  /** Replaces the worker by one with these settings, listening like a deployed one; the probe runs again there. */
  async function restartWorker(overrides: Record<string, string>): Promise<void> {
    await worker?.close();
    worker = undefined;
    worker = await startHostingWorker(t.env, { overrides });
    await worker.app.listen(0, '0.0.0.0');
    platformPorts.push(Number(new URL(await worker.app.getUrl()).port));
  }

  it('without nft on the sandbox path: the probe still runs sandboxed, answers, egress NONE, reaches nothing at all', async () => {
    withoutNft = sandboxToolsWithout(['nft'], SANDBOX_TOOL_DIRS);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      await restartWorker({ HOSTING_APP_EGRESS: 'internet', HOSTING_SANDBOX_PATH: withoutNft.dir });
      const warnings = warn.mock.calls.map(([message]) => String(message)).filter((m) => m.includes('nft'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('WITHOUT internet egress');
      expect(warnings[0]).toContain('apt-get install nftables');
    } finally {
      warn.mockRestore();
    }
    await waitFor(
      async () => {
        const { state, isolation, egress } = await preview(probeId);
        return state === 'RUNNING' && isolation === 'NETNS' && egress === 'NONE' ? true : undefined;
      },
      { what: 'the probe to run again, sandboxed, with egress NONE', timeoutMs: 60_000 },
    );
    // It answers over HTTP at the worker's /hosted path, the gateway's upstream for apps' traffic.
    const workerUrl = (await worker?.app.getUrl()) ?? '';
    const answer = await fetch(`${workerUrl}/hosted/${probeId}/preview/whoami`, {
      signal: AbortSignal.timeout(10_000),
    });
    expect(answer.status).toBe(200);
    const whoami = (await answer.json()) as { uid: number; addresses: string[] };
    expect(whoami.uid).toBe(10001);
    expect(whoami.addresses.sort()).toEqual(['127.0.0.1', '::1']); // loopback only: no veth without nft
    probeAddresses = whoami.addresses;
    expect((await hosted(tenantId, '/')) as { url: string }).toMatchObject({ url: '/' });
    const [toInternet] = await attempt([{ host: internet.address, port: internet.port }]);
    expect(toInternet.ok).toBe(false);
    const reached = (await attempt(await forbiddenTargets())).filter((r) => r.ok);
    expect(reached).toEqual([]);
    // The earlier namespace reports the same.
    const nodejs = await t.inject({
      method: 'GET',
      url: `/v1/hosting/nodejs/apps/${probeId}/status`,
      headers: cred.headers,
    });
    expect((nodejs.json() as AppStatusResponse).variants.find((v) => v.variant === 'PREVIEW')).toMatchObject({
      isolation: 'NETNS',
      egress: 'NONE',
    });
  }, 180_000);

  it('egress none: the same probe, restarted by a worker so configured, reaches nothing at all', async () => {
    await restartWorker({ HOSTING_APP_EGRESS: 'none' });
    await waitFor(async () => ((await preview(probeId)).state === 'RUNNING' ? true : undefined), {
      what: 'the probe to run again',
      timeoutMs: 60_000,
    });
    const whoami = (await hosted(probeId, '/whoami')) as { addresses: string[] };
    expect(whoami.addresses.sort()).toEqual(['127.0.0.1', '::1']); // loopback only
    probeAddresses = whoami.addresses;
    const [toInternet] = await attempt([{ host: internet.address, port: internet.port }]);
    expect(toInternet.ok).toBe(false);
    const reached = (await attempt(await forbiddenTargets())).filter((r) => r.ok);
    expect(reached).toEqual([]);
  }, 180_000);
});
