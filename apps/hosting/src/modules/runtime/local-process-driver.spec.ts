import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@platform/testing';
import { LocalProcessDriver, type LocalProcessDriverOptions } from './local-process-driver';
import { processAlive, processExists } from './process-group';
import {
  RuntimeStartError,
  type RuntimeLogLine,
  type StartCommand,
  type VariantKey,
  type VariantSpec,
} from './runtime-driver';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/apps');

/** Fast timings so crash and stop paths run in well under a second each. */
const FAST: LocalProcessDriverOptions = {
  startupTimeoutMs: 5000,
  readinessIntervalMs: 20,
  stopGraceMs: 2000,
  backoff: { initialMs: 100, maxMs: 1000, resetAfterMs: 10_000, maxConsecutiveCrashes: 3 },
};

const NODE_SERVER: StartCommand = { command: 'node', args: ['server.js'] };

let tmp: string;
let driver: LocalProcessDriver;
const savedEnv = { ...process.env };

/** The value, or a failed test when it is missing (instead of a non-null assertion). */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-runtime-'));
});

afterEach(async () => {
  await driver?.stopAll();
  process.env = { ...savedEnv };
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A private copy of a fixture app (apps may write to their directory). */
function appDir(fixture: string, name = fixture): string {
  const dir = path.join(tmp, name);
  fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

function key(appId = 'NODEJS-test000001', variant: VariantKey['variant'] = 'PREVIEW'): VariantKey {
  return { appId, variant };
}

function spec(dir: string, overrides: Partial<VariantSpec> & { logs?: RuntimeLogLine[] } = {}): VariantSpec {
  const { logs = [], ...rest } = overrides;
  return {
    key: key(),
    dir,
    startCommand: NODE_SERVER,
    env: {},
    memoryMb: 128,
    onLog: (line) => logs.push(line),
    ...rest,
  };
}

async function getJson<T>(port: number, pathAndQuery = '/'): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${pathAndQuery}`);
  return (await res.json()) as T;
}

function messages(logs: RuntimeLogLine[], source?: RuntimeLogLine['source']): string[] {
  return logs.filter((l) => !source || l.source === source).map((l) => l.message);
}

describe('LocalProcessDriver', () => {
  it('starts an app on a free port, answers over HTTP with its secret, and captures its logs with source and level', async () => {
    driver = new LocalProcessDriver(FAST);
    const logs: RuntimeLogLine[] = [];
    const handle = await driver.start(spec(appDir('runtime-http'), { env: { GREETING: 'hi' }, logs }));

    expect(handle).toMatchObject({ state: 'RUNNING', host: '127.0.0.1', restarts: 0 });
    expect(handle.port).toBeGreaterThan(0);
    const body = await getJson<{ greeting: string; pid: number }>(must(handle.port));
    expect(body.greeting).toBe('hi');
    expect(body.pid).toBe(handle.pid);

    await waitFor(() => messages(logs).includes('first half, second half'), { what: 'joined line' });
    await fetch(`http://127.0.0.1:${handle.port}/log`);
    await waitFor(() => messages(logs).includes('request logged'), { what: 'request log line' });
    const find = (message: string) => logs.find((l) => l.message === message);
    expect(find('plain stdout line')).toMatchObject({ source: 'STDOUT', level: 'INFO' });
    expect(find('plain stderr line')).toMatchObject({ source: 'STDERR', level: 'ERROR' });
    expect(find('{"level":40,"msg":"pino warn line"}')).toMatchObject({ source: 'STDOUT', level: 'WARN' });
    expect(find('{"level":"debug","msg":"named debug line"}')).toMatchObject({ level: 'DEBUG' });
    expect(find('{"level":30,"msg":"pino info on stderr"}')).toMatchObject({
      source: 'STDERR',
      level: 'INFO',
    });
    expect(find('first half, second half')).toMatchObject({ source: 'STDOUT' });
    expect(logs.every((l) => l.at instanceof Date)).toBe(true);
    // The permission model's experimental warning is not an app error.
    expect(messages(logs, 'STDERR').some((m) => m.includes('ExperimentalWarning'))).toBe(false);
    const system = logs.filter((l) => l.source === 'SYSTEM').map((l) => l.message);
    expect(system[0]).toMatch(
      new RegExp(`^started pid ${handle.pid} on port ${handle.port}: node server\\.js$`),
    );
    expect(system).toContain(`accepting connections on port ${handle.port}`);
    // Lines of one stream arrive in the order written.
    const stdout = messages(logs, 'STDOUT');
    expect(stdout.indexOf('plain stdout line')).toBeLessThan(
      stdout.indexOf('{"level":40,"msg":"pino warn line"}'),
    );

    expect(await driver.status(key())).toMatchObject({
      state: 'RUNNING',
      pid: handle.pid,
      port: handle.port,
    });
  });

  it('runs the PREVIEW and PUBLISH variants of one app at once on different ports', async () => {
    driver = new LocalProcessDriver(FAST);
    const [preview, publish] = await Promise.all([
      driver.start(spec(appDir('runtime-http', 'preview'), { env: { GREETING: 'preview' } })),
      driver.start(
        spec(appDir('runtime-http', 'publish'), {
          key: key(undefined, 'PUBLISH'),
          env: { GREETING: 'publish' },
        }),
      ),
    ]);
    expect(preview.port).not.toBe(publish.port);
    expect((await getJson<{ greeting: string }>(must(preview.port))).greeting).toBe('preview');
    expect((await getJson<{ greeting: string }>(must(publish.port))).greeting).toBe('publish');
    expect((await driver.list()).map((s) => `${s.key.variant}:${s.state}`).sort()).toEqual([
      'PREVIEW:RUNNING',
      'PUBLISH:RUNNING',
    ]);

    await driver.stop(key());
    expect(processExists(must(preview.pid))).toBe(false);
    expect((await driver.status(key(undefined, 'PUBLISH'))).state).toBe('RUNNING');
    expect((await getJson<{ greeting: string }>(must(publish.port))).greeting).toBe('publish');
  });

  it('restarts a crashing app with doubling backoff, counts restarts, and ends FAILED after too many crashes in a row', async () => {
    driver = new LocalProcessDriver(FAST);
    const logs: RuntimeLogLine[] = [];
    // Each instance runs 1 s before it crashes: long enough for a poll to see it RUNNING on a loaded
    // machine (at 300 ms a slow readiness probe could miss the window), short of resetAfterMs.
    const first = await driver.start(
      spec(appDir('runtime-crash'), { env: { CRASH_AFTER_MS: '1000' }, logs }),
    );
    expect(first.state).toBe('RUNNING');

    const restarting = await waitFor(
      async () => {
        const s = await driver.status(key());
        return s.state === 'RESTARTING' && s;
      },
      { what: 'RESTARTING after the first crash', intervalMs: 5 },
    );
    expect(restarting).toMatchObject({ lastExitCode: 3, restarts: 0, pid: null });
    expect(restarting.lastError).toBe('exited (exit code 3)');

    const second = await waitFor(
      async () => {
        const s = await driver.status(key());
        return s.restarts === 1 && s.state === 'RUNNING' && s;
      },
      { what: 'first restart', intervalMs: 5 },
    );
    expect(second.pid).not.toBe(first.pid);
    expect(second.port).toBe(first.port);

    const failed = await waitFor(
      async () => {
        const s = await driver.status(key());
        return s.state === 'FAILED' && s;
      },
      { what: 'FAILED' },
    );
    expect(failed).toMatchObject({ restarts: 2, lastExitCode: 3, pid: null, host: null });
    expect(failed.lastError).toBe('exited (exit code 3); 3 crashes in a row, not restarting');

    const system = messages(logs, 'SYSTEM');
    expect(system.filter((m) => m.includes('restarting in'))).toEqual([
      'exited (exit code 3); restarting in 100 ms (crash 1 in a row)',
      'exited (exit code 3); restarting in 200 ms (crash 2 in a row)',
    ]);
    expect(logs.find((l) => l.message.startsWith('failed:'))).toMatchObject({
      source: 'SYSTEM',
      level: 'ERROR',
    });
    // The relaunch waited for its backoff: the second instance started ≥ 200 ms after the second crash line.
    const crash2 = must(logs.find((l) => l.message.includes('restarting in 200 ms'))).at.getTime();
    const thirdStart = logs.filter((l) => l.message.startsWith('started pid'))[2].at.getTime();
    expect(thirdStart - crash2).toBeGreaterThanOrEqual(190);
    expect(messages(logs, 'STDERR').filter((m) => m === 'crashing now')).toHaveLength(3);
  });

  it('resets the backoff after a healthy period, so an app that crashes rarely keeps being restarted', async () => {
    driver = new LocalProcessDriver({
      ...FAST,
      backoff: { ...FAST.backoff, resetAfterMs: 50, maxConsecutiveCrashes: 2 },
    });
    const logs: RuntimeLogLine[] = [];
    await driver.start(spec(appDir('runtime-crash'), { env: { CRASH_AFTER_MS: '400' }, logs }));
    await waitFor(async () => (await driver.status(key())).restarts >= 3, { what: 'three restarts' });
    const delays = messages(logs, 'SYSTEM').filter((m) => m.includes('restarting in'));
    expect(delays.slice(0, 3)).toEqual(
      Array(3).fill('exited (exit code 3); restarting in 100 ms (crash 1 in a row)'),
    );
    expect((await driver.status(key())).state).not.toBe('FAILED');
  });

  it('rejects start() when the app never becomes ready, after its restarts', async () => {
    driver = new LocalProcessDriver(FAST);
    const logs: RuntimeLogLine[] = [];
    await expect(
      driver.start(spec(appDir('runtime-crash'), { env: { CRASH_AFTER_MS: '0' }, logs })),
    ).rejects.toThrow(RuntimeStartError);
    expect(await driver.status(key())).toMatchObject({ state: 'FAILED', restarts: 2, lastExitCode: 3 });
    expect(messages(logs, 'STDERR')).toEqual(Array(3).fill('crashing before listening'));
  });

  it('kills an instance that does not listen within the startup timeout', async () => {
    driver = new LocalProcessDriver({
      ...FAST,
      startupTimeoutMs: 300,
      backoff: { maxConsecutiveCrashes: 1 },
    });
    const logs: RuntimeLogLine[] = [];
    await expect(
      driver.start(spec(appDir('runtime-crash'), { env: { NO_LISTEN: '1' }, logs })),
    ).rejects.toThrow(/not accepting connections on port \d+ within 300 ms/);
    const started = must(logs.find((l) => l.message.startsWith('started pid'))).message;
    const pid = Number(must(/pid (\d+)/.exec(started))[1]);
    expect(processExists(pid)).toBe(false);
    expect(await driver.status(key())).toMatchObject({ state: 'FAILED', lastSignal: 'SIGKILL' });
  });

  it('stops an app with SIGTERM: the process is gone', async () => {
    driver = new LocalProcessDriver(FAST);
    const logs: RuntimeLogLine[] = [];
    const handle = await driver.start(spec(appDir('runtime-http'), { logs }));
    await driver.stop(key());
    expect(processExists(must(handle.pid))).toBe(false);
    expect(await driver.status(key())).toMatchObject({ state: 'STOPPED', pid: null, lastSignal: 'SIGTERM' });
    expect(messages(logs, 'SYSTEM').slice(-3)).toEqual([
      `stopping pid ${handle.pid} (SIGTERM)`,
      `pid ${handle.pid} ended (killed by SIGTERM)`,
      'stopped',
    ]);
    await expect(fetch(`http://127.0.0.1:${handle.port}/`)).rejects.toThrow();
  });

  it('kills an app that ignores SIGTERM with SIGKILL after the grace period', async () => {
    driver = new LocalProcessDriver({ ...FAST, stopGraceMs: 300 });
    const logs: RuntimeLogLine[] = [];
    const handle = await driver.start(spec(appDir('runtime-ignore-sigterm'), { logs }));
    const began = Date.now();
    await driver.stop(key());
    expect(Date.now() - began).toBeGreaterThanOrEqual(290);
    expect(processExists(must(handle.pid))).toBe(false);
    expect(messages(logs, 'STDOUT')).toContain('SIGTERM received and ignored');
    expect(messages(logs, 'SYSTEM')).toContain(
      `pid ${handle.pid} still running 300 ms after SIGTERM: SIGKILL`,
    );
    expect(await driver.status(key())).toMatchObject({ state: 'STOPPED', lastSignal: 'SIGKILL' });
  });

  it('runs npm start in its own process group and stops npm and the app it started', async () => {
    driver = new LocalProcessDriver(FAST);
    const logs: RuntimeLogLine[] = [];
    const handle = await driver.start(
      spec(appDir('runtime-env-dump'), {
        startCommand: { command: 'npm', args: ['start'] },
        memoryMb: 200,
        logs,
      }),
    );
    const body = await getJson<{ pid: number; env: Record<string, string>; heapLimitMb: number }>(
      must(handle.port),
    );
    expect(body.pid).not.toBe(handle.pid);
    expect(body.env['NODE_OPTIONS']).toBe('--max-old-space-size=150 --max-semi-space-size=3');
    expect(body.heapLimitMb).toBeLessThanOrEqual(170);
    expect(messages(logs, 'SYSTEM')).toContain(
      'Node permission model not applied: the start command runs through npm',
    );
    await driver.stop(key());
    expect(processExists(must(handle.pid))).toBe(false);
    // The app was npm's grandchild: killed with the group, it may linger as a zombie until pid 1 reaps it.
    expect(processAlive(body.pid)).toBe(false);
  });

  it("gives the app only PORT, NODE_ENV, PATH, HOME and its secrets, never the platform's environment", async () => {
    process.env.DATABASE_URL = 'postgres://platform:secret@127.0.0.1:5432/platform';
    process.env.SECRETS_ENCRYPTION_KEY = 'a'.repeat(64);
    process.env.HOSTING_TEST_MARKER = 'must-not-leak';
    driver = new LocalProcessDriver(FAST);
    const dir = appDir('runtime-env-dump');
    const logs: RuntimeLogLine[] = [];
    const handle = await driver.start(
      spec(dir, {
        env: { API_KEY: 'k-123', PORT: '1', NODE_OPTIONS: '--allow-fs-read=/', 'A=B': 'x' },
        logs,
      }),
    );
    const body = await getJson<{ env: Record<string, string>; heapLimitMb: number; execArgv: string[] }>(
      must(handle.port),
    );

    expect(Object.keys(body.env).sort()).toEqual(['API_KEY', 'HOME', 'NODE_ENV', 'PATH', 'PORT']);
    expect(body.env).toMatchObject({
      API_KEY: 'k-123',
      PORT: String(handle.port),
      NODE_ENV: 'production',
      HOME: fs.realpathSync(dir),
    });
    expect(body.env['PATH']).not.toBe(process.env.PATH);
    expect(JSON.stringify(body)).not.toContain('must-not-leak');
    expect(JSON.stringify(body)).not.toContain('platform:secret');
    expect(messages(logs, 'SYSTEM')).toContain(
      'secrets not injected (reserved or invalid names): PORT, NODE_OPTIONS, A=B',
    );
    // Memory bound: V8's whole heap within the 128 MB budget.
    expect(body.execArgv).toEqual(
      expect.arrayContaining(['--max-old-space-size=96', '--max-semi-space-size=2']),
    );
    expect(body.heapLimitMb).toBeLessThanOrEqual(110);
  });

  it("confines the app to its directory with Node's permission model", async () => {
    driver = new LocalProcessDriver(FAST);
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-outside-'));
    try {
      const outsideFile = path.join(outsideDir, 'platform-secret.txt');
      fs.writeFileSync(outsideFile, 'the platform secret');
      const dir = appDir('runtime-read-outside');
      fs.writeFileSync(path.join(dir, 'own.txt'), 'own file');
      const handle = await driver.start(
        spec(dir, { startCommand: { command: 'node', args: ['server.js'] } }),
      );
      const call = (p: string) =>
        getJson<{ ok: boolean; code?: string; content?: string }>(must(handle.port), p);
      const q = encodeURIComponent;

      expect(await call(`/read?path=${q(outsideFile)}`)).toEqual({ ok: false, code: 'ERR_ACCESS_DENIED' });
      expect(await call(`/read?path=${q(`/proc/${process.pid}/environ`)}`)).toEqual({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
      });
      expect(await call(`/read?path=${q('/etc/passwd')}`)).toEqual({ ok: false, code: 'ERR_ACCESS_DENIED' });
      expect(await call(`/read?path=${q(path.join(dir, 'own.txt'))}`)).toEqual({
        ok: true,
        content: 'own file',
      });
      expect(await call(`/write?path=${q(path.join(outsideDir, 'dropped.txt'))}`)).toEqual({
        ok: false,
        code: 'ERR_ACCESS_DENIED',
      });
      expect(fs.existsSync(path.join(outsideDir, 'dropped.txt'))).toBe(false);
      expect(await call(`/write?path=${q(path.join(dir, 'data.txt'))}`)).toEqual({ ok: true, content: null });
      expect(await call('/spawn')).toEqual({ ok: false, code: 'ERR_ACCESS_DENIED' });
    } finally {
      fs.rmSync(outsideDir, { recursive: true, force: true });
    }
  });

  it('replaces a running variant on start() beside it: the new instance on its own port, then the old one stops', async () => {
    driver = new LocalProcessDriver(FAST);
    const first = await driver.start(spec(appDir('runtime-http', 'v1'), { env: { GREETING: 'v1' } }));
    const second = await driver.start(spec(appDir('runtime-http', 'v2'), { env: { GREETING: 'v2' } }));
    expect(processExists(must(first.pid))).toBe(false);
    expect(second.port).not.toBe(first.port);
    expect(second.endpoints).toEqual([`http://127.0.0.1:${second.port}`]);
    expect((await getJson<{ greeting: string }>(must(second.port))).greeting).toBe('v2');
    expect(await driver.list()).toHaveLength(1);
  });

  it('refuses node flags that would widen the sandbox and unknown commands', async () => {
    driver = new LocalProcessDriver(FAST);
    await expect(
      driver.start(
        spec(appDir('runtime-http'), {
          startCommand: { command: 'node', args: ['--allow-fs-read=/', 'server.js'] },
        }),
      ),
    ).rejects.toThrow('start command refused: node flag --allow-fs-read=/ is not allowed');
    expect((await driver.status(key())).state).toBe('FAILED');
    await expect(
      driver.start(
        spec(appDir('runtime-http', 'sh'), { startCommand: { command: 'sh', args: ['-c', 'id'] } }),
      ),
    ).rejects.toThrow('start command refused: sh (only node and npm)');
  });

  it('refuses npm start when configured to run only what the permission model confines', async () => {
    driver = new LocalProcessDriver({ ...FAST, npmStart: 'refuse' });
    await expect(
      driver.start(spec(appDir('runtime-env-dump'), { startCommand: { command: 'npm', args: ['start'] } })),
    ).rejects.toThrow('start command refused: npm start would run without the permission model');
    expect(await driver.status(key())).toMatchObject({ state: 'FAILED', pid: null });
  });

  it('reports an unknown variant as STOPPED and ignores stopping it', async () => {
    driver = new LocalProcessDriver(FAST);
    await driver.stop(key('NODEJS-unknown0001'));
    expect(await driver.status(key('NODEJS-unknown0001'))).toMatchObject({
      state: 'STOPPED',
      pid: null,
      port: null,
    });
    expect(await driver.list()).toEqual([]);
  });
});

describe('LocalProcessDriver: instances, health-gated starts and restarts', () => {
  const HEALTH = { path: '/healthz', intervalS: 1, timeoutS: 1, graceS: 1 };
  const instanceOf = async (port: number) => (await getJson<{ instance: string }>(port)).instance;

  it('runs `instances` instances on ports of their own; a SIGKILLed one restarts while the others serve', async () => {
    driver = new LocalProcessDriver(FAST);
    const started = await driver.start(spec(appDir('runtime-http'), { instances: 3 }));
    expect(started.state).toBe('RUNNING');
    expect(started.instances.map((i) => [i.index, i.state])).toEqual([
      [0, 'RUNNING'],
      [1, 'RUNNING'],
      [2, 'RUNNING'],
    ]);
    expect(new Set(started.endpoints).size).toBe(3);
    const ports = started.instances.map((i) => must(i.port));
    expect(new Set(await Promise.all(ports.map(instanceOf))).size).toBe(3);

    const victim = started.instances[1];
    process.kill(must(victim.pid), 'SIGKILL');
    const restarted = await waitFor(
      async () => {
        const s = await driver.status(key());
        const i = s.instances[1];
        return i.restarts === 1 && i.state === 'RUNNING' && s;
      },
      { what: 'instance 1 restarted', intervalMs: 10 },
    );
    expect(restarted.instances[1]).toMatchObject({
      id: victim.id,
      lastSignal: 'SIGKILL',
      crashes: 1,
      port: victim.port,
    });
    expect(restarted.instances[1].pid).not.toBe(victim.pid);
    expect(restarted.instances.map((i) => i.restarts)).toEqual([0, 1, 0]);
    expect(restarted.restarts).toBe(1);
    expect(restarted.endpoints).toHaveLength(3);
  });

  it('scales a running variant up and down without restarting the instances that stay', async () => {
    driver = new LocalProcessDriver(FAST);
    const one = await driver.start(spec(appDir('runtime-http')));
    await driver.scale(key(), 3);
    const three = await waitFor(
      async () => {
        const s = await driver.status(key());
        return s.endpoints.length === 3 && s;
      },
      { what: 'three instances serving' },
    );
    expect(three.instances[0].pid).toBe(one.pid);
    const down = await driver.scale(key(), 1);
    expect(down.instances.map((i) => i.index)).toEqual([0]);
    expect(down.instances[0].pid).toBe(one.pid);
    for (const gone of three.instances.slice(1)) expect(processExists(must(gone.pid))).toBe(false);
    expect(await driver.scale({ appId: 'NODEJS-nothing01', variant: 'PREVIEW' }, 2)).toMatchObject({
      state: 'STOPPED',
    });
  });

  it('moves traffic only once the health check passes; a check that never passes fails the start and leaves the old instances serving', async () => {
    driver = new LocalProcessDriver({ ...FAST, startupTimeoutMs: 2500 });
    const logs: RuntimeLogLine[] = [];
    const old = await driver.start(spec(appDir('runtime-http'), { healthCheck: HEALTH, logs }));
    expect(messages(logs, 'SYSTEM')).toContain('instance 0: health check GET /healthz passed');
    const oldInstance = await instanceOf(must(old.port));

    const failing = driver.start(spec(appDir('runtime-unhealthy'), { healthCheck: HEALTH, logs }));
    const error: unknown = await failing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeStartError);
    expect((error as RuntimeStartError).reason).toEqual({
      kind: 'HEALTH_CHECK',
      path: '/healthz',
      lastResult: 'HTTP 500',
      timeoutMs: 2500,
    });
    const after = await driver.status(key());
    expect(after).toMatchObject({ state: 'RUNNING', pid: old.pid, endpoints: old.endpoints });
    expect(after.instances).toHaveLength(1);
    expect(await instanceOf(must(old.port))).toBe(oldInstance);
    expect(appProcessCount(logs)).toBeGreaterThan(1);
  });

  it('restarts instances one at a time: every instance is replaced, at least two serve at every moment', async () => {
    driver = new LocalProcessDriver(FAST);
    const before = await driver.start(spec(appDir('runtime-http'), { instances: 3 }));
    let fewest = 3;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        fewest = Math.min(fewest, (await driver.status(key())).endpoints.length);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const after = await driver.restart(spec(appDir('runtime-http'), { instances: 3 }));
    sampling = false;
    await sampler;
    expect(fewest).toBeGreaterThanOrEqual(2);
    expect(after.instances.map((i) => i.index)).toEqual([0, 1, 2]);
    for (const [i, old] of before.instances.entries()) {
      expect(after.instances[i].id).not.toBe(old.id);
      expect(processExists(must(old.pid))).toBe(false);
    }
    expect(after.endpoints).toHaveLength(3);
  });

  it('after the start, an instance whose health check fails 3 times in a row leaves the rotation and comes back when it passes', async () => {
    driver = new LocalProcessDriver(FAST);
    const logs: RuntimeLogLine[] = [];
    const started = await driver.start(
      spec(appDir('runtime-sickens'), { instances: 2, healthCheck: HEALTH, logs }),
    );
    expect(started.endpoints).toHaveLength(2);
    const sickPort = must(started.instances[1].port);
    await getJson(sickPort, '/sicken');
    const out = await waitFor(
      async () => {
        const s = await driver.status(key());
        return s.endpoints.length === 1 && s;
      },
      { what: 'the failing instance out of the rotation', timeoutMs: 10_000 },
    );
    expect(out.endpoints).toEqual([started.instances[0].endpoint]);
    expect(out.instances.map((i) => [i.state, i.inRotation])).toEqual([
      ['RUNNING', true],
      ['RUNNING', false], // still running: only out of the rotation
    ]);
    expect(messages(logs, 'SYSTEM')).toContain(
      'instance 1: health check GET /healthz failed 3 times in a row (last: HTTP 503): out of the rotation until it passes again',
    );
    await getJson(sickPort, '/heal');
    const back = await waitFor(
      async () => {
        const s = await driver.status(key());
        return s.endpoints.length === 2 && s;
      },
      { what: 'the healed instance back in the rotation', timeoutMs: 10_000 },
    );
    expect(back.instances.map((i) => i.inRotation)).toEqual([true, true]);
    expect(back.instances[1].id).toBe(started.instances[1].id); // the same instance, never restarted
    expect(messages(logs, 'SYSTEM')).toContain(
      'instance 1: health check GET /healthz passes again: back in the rotation',
    );
  });
});

/** How many app processes a log saw start. */
function appProcessCount(logs: RuntimeLogLine[]): number {
  return logs.filter((l) => l.source === 'SYSTEM' && l.message.startsWith('started pid')).length;
}
