import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalProcessDriver } from '../runtime/local-process-driver';
import { processAlive } from '../runtime/process-group';
import { SandboxHost } from '../runtime/sandbox/sandbox-host';
import { buildApp, type BuildLogLine, type BuildOptions } from './build-app';
import { BuildError } from './build-error';
import { waitFor } from '@platform/testing';

/**
 * The killed group's process is gone: SIGKILL was sent before the build settled, and on a loaded
 * machine the kernel may take a moment more to end it.
 */
async function goneSoon(pid: number): Promise<void> {
  await waitFor(() => !processAlive(pid), { timeoutMs: 5000, intervalMs: 20, what: `pid ${pid} to end` });
  expect(processAlive(pid)).toBe(false);
}

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/apps');

let tmp: string;
let cacheDir: string;
const savedEnv = { ...process.env };

/** The value, or a failed test when it is missing (instead of a non-null assertion). */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

beforeAll(() => {
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-npm-cache-'));
});

afterAll(() => {
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hosting-build-'));
});

afterEach(() => {
  process.env = { ...savedEnv };
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A private copy of a fixture as the extracted upload. */
function source(fixture: string): string {
  const dir = path.join(tmp, 'source');
  fs.cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

/** Builds with a dead registry: any network access would fail the install. */
async function build(sourceDir: string, overrides: Partial<BuildOptions> = {}) {
  const lines: BuildLogLine[] = [];
  const run = buildApp({
    sourceDir,
    workDir: path.join(tmp, 'work'),
    npmCacheDir: cacheDir,
    offline: true,
    env: { npm_config_registry: 'http://127.0.0.1:9/' },
    onLine: (line) => lines.push(line),
    ...overrides,
  });
  return { run, lines };
}

async function failure(promise: Promise<unknown>): Promise<BuildError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof BuildError) return e;
    throw e;
  }
  throw new Error('the build succeeded');
}

const text = (lines: BuildLogLine[], stream?: BuildLogLine['stream']) =>
  lines.filter((l) => !stream || l.stream === stream).map((l) => l.message);

describe('buildApp', () => {
  it('installs production dependencies of an app without a build script and starts it with node <main>', async () => {
    const dir = source('build-plain');
    fs.mkdirSync(path.join(dir, 'node_modules', 'left-over'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', 'left-over', 'index.js'), '');
    const { run, lines } = await build(dir);
    const result = await run;

    expect(result.dir).toBe(path.join(tmp, 'work', 'app'));
    expect(result.startCommand).toEqual({ command: 'node', args: ['server.js'] });
    expect(result.durationMs).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(result.dir, 'server.js'))).toBe(true);
    expect(fs.existsSync(path.join(result.dir, 'node_modules', 'left-over'))).toBe(false);
    expect(fs.existsSync(path.join(result.dir, 'package-lock.json'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'node_modules', 'left-over'))).toBe(true);

    expect(text(lines, 'SYSTEM')).toEqual([
      'building build-plain@1.0.0',
      'node_modules of the upload left out: dependencies are installed by the build',
      'npm install --no-package-lock --omit=dev --ignore-scripts --offline',
      'exit code 0',
      'build succeeded in ' + result.durationMs + ' ms; start command: node server.js',
    ]);
    expect(text(lines, 'STDOUT').some((m) => /^(up to date|added 0 packages)/.test(m))).toBe(true);
    expect(lines.every((l) => l.at instanceof Date)).toBe(true);
  });

  it('installs everything, builds, prunes dev dependencies, with a clean environment; the build then runs', async () => {
    process.env.HOSTING_BUILD_MARKER = 'leaked';
    process.env.DATABASE_URL = 'postgres://platform:secret@127.0.0.1/platform';
    const { run, lines } = await build(source('build-script'), {
      env: {
        npm_config_registry: 'http://127.0.0.1:9/',
        BUILD_FLAVOUR: 'fast',
        PATH: '/evil',
        HOME: '/root',
      },
    });
    const result = await run;

    expect(result.startCommand).toEqual({ command: 'node', args: ['dist/server.js'] });
    expect(fs.existsSync(path.join(result.dir, 'dist', 'server.js'))).toBe(true);
    expect(fs.existsSync(path.join(tmp, 'source', 'dist'))).toBe(false);
    expect(text(lines, 'SYSTEM').filter((m) => m.startsWith('npm '))).toEqual([
      'npm install --no-package-lock --include=dev --ignore-scripts --offline',
      'npm run build',
      'npm prune --omit=dev --no-package-lock --ignore-scripts --offline',
    ]);
    const stdout = text(lines, 'STDOUT');
    expect(stdout).toContain('marker: absent');
    expect(stdout).toContain('build env: fast');
    expect(stdout).toContain(`home: ${path.join(tmp, 'work', 'home')}`);
    expect(stdout).toContain('wrote dist/server.js');
    const names = must(stdout.find((m) => m.startsWith('env names: ')))
      .slice('env names: '.length)
      .split(',');
    expect(names).not.toContain('HOSTING_BUILD_MARKER');
    expect(names).not.toContain('DATABASE_URL');
    expect(names).toEqual(expect.arrayContaining(['PATH', 'HOME', 'BUILD_FLAVOUR']));
    expect(text(lines, 'STDERR')).toContain('a warning from the build');
    // The build's lines come between its SYSTEM command line and its exit code, each stream in order
    // (between stdout and stderr the order is the order of arrival).
    const all = text(lines);
    const step = all.indexOf('npm run build');
    const exit = all.indexOf('exit code 0', step);
    for (const line of ['marker: absent', 'wrote dist/server.js', 'a warning from the build']) {
      expect(all.indexOf(line)).toBeGreaterThan(step);
      expect(all.indexOf(line)).toBeLessThan(exit);
    }
    expect(stdout.indexOf('wrote dist/server.js')).toBeGreaterThan(stdout.indexOf('marker: absent'));

    const driver = new LocalProcessDriver({ readinessIntervalMs: 20 });
    try {
      const handle = await driver.start({
        key: { appId: 'NODEJS-build00001', variant: 'PREVIEW' },
        dir: result.dir,
        startCommand: result.startCommand,
        env: {},
        memoryMb: 128,
        onLog: () => undefined,
      });
      expect(await (await fetch(`http://127.0.0.1:${handle.port}/`)).text()).toBe('built');
    } finally {
      await driver.stopAll();
    }
  });

  it('fails with BUILD_FAILED when the build script exits 1, with the script’s stderr in the log', async () => {
    const { run, lines } = await build(source('build-fails'));
    const error = await failure(run);
    expect(error.code).toBe('BUILD_FAILED');
    expect(text(lines, 'STDERR')).toContain(
      "src/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    const system = text(lines, 'SYSTEM');
    expect(system.slice(-3)).toEqual([
      'npm run build',
      'exit code 1',
      'build failed: BUILD_FAILED: the build script failed: see the lines above',
    ]);
  });

  it('fails with INVALID_PACKAGE_JSON before running npm', async () => {
    const dir = path.join(tmp, 'source');
    fs.mkdirSync(dir);
    const cases: Array<[string | null, RegExp]> = [
      ['{"name": "broken",', /^package\.json is not valid JSON: /],
      ['[1, 2]', /^package\.json must hold a JSON object$/],
      ['{"scripts": {"build": 1}}', /^package\.json: "scripts\.build" must be a string$/],
      ['{"name": 42}', /^package\.json: "name" must be a string of 1 to 214 characters$/],
      [null, /^package\.json not found at the root of the source$/],
    ];
    for (const [content, message] of cases) {
      fs.rmSync(path.join(dir, 'package.json'), { force: true });
      if (content !== null) fs.writeFileSync(path.join(dir, 'package.json'), content);
      const { run, lines } = await build(dir);
      const error = await failure(run);
      expect(error.code).toBe('INVALID_PACKAGE_JSON');
      expect(error.message).toMatch(message);
      expect(text(lines)).toEqual([`build failed: INVALID_PACKAGE_JSON: ${error.message}`]);
    }
  });

  it('kills a build that runs past its timeout: BUILD_TIMEOUT, and its processes are gone', async () => {
    // Long enough for npm to start the script on a loaded machine (its pid line is checked below).
    const { run, lines } = await build(source('build-slow'), { timeoutMs: 12_000 });
    const error = await failure(run);
    expect(error.code).toBe('BUILD_TIMEOUT');
    expect(error.message).toBe('the build did not finish within 12000 ms');
    const pidLine = text(lines, 'STDOUT').find((m) => m.startsWith('slow build pid '));
    expect(pidLine).toBeDefined();
    // npm's grandchild, killed with the group (it may linger as a zombie until pid 1 reaps it).
    await goneSoon(Number(must(pidLine).slice('slow build pid '.length)));
    expect(text(lines, 'SYSTEM').slice(-2)).toEqual([
      'killed: the build did not finish within 12000 ms',
      'build failed: BUILD_TIMEOUT: the build did not finish within 12000 ms',
    ]);
  });

  it('stops a build when its signal aborts: BUILD_CANCELLED', async () => {
    const controller = new AbortController();
    const lines: BuildLogLine[] = [];
    const { run } = await build(source('build-slow'), {
      signal: controller.signal,
      onLine: (line) => {
        lines.push(line);
        if (line.message.startsWith('slow build pid ')) controller.abort();
      },
    });
    const error = await failure(run);
    expect(error.code).toBe('BUILD_CANCELLED');
    const pid = Number(
      must(text(lines).find((m) => m.startsWith('slow build pid '))).slice('slow build pid '.length),
    );
    await goneSoon(pid);
  });

  it('installs with npm ci --omit=dev when there is a lockfile and falls back to index.js', async () => {
    const { run, lines } = await build(source('build-locked'));
    const result = await run;
    expect(text(lines, 'SYSTEM')).toContain('npm ci --omit=dev --ignore-scripts --offline');
    expect(result.startCommand).toEqual({ command: 'node', args: ['index.js'] });
  });

  it('fails with INSTALL_FAILED when a dependency cannot be installed, with npm’s error in the log', async () => {
    const dir = source('build-locked');
    fs.writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'build-locked', version: '1.0.0', dependencies: { 'left-pad': '1.3.0' } }),
    );
    const { run, lines } = await build(dir);
    const error = await failure(run);
    expect(error.code).toBe('INSTALL_FAILED');
    // Offline with an empty cache: npm cannot fetch the dependency the lockfile does not list.
    expect(text(lines, 'STDERR').join('\n')).toMatch(/^npm error code ENOTCACHED$/m);
    expect(text(lines, 'SYSTEM')).toContain('npm ci --omit=dev --ignore-scripts --offline');
    expect(text(lines, 'SYSTEM').slice(-2)[0]).toMatch(/^exit code [1-9]/);
  });

  it('fails with NO_START_COMMAND when nothing says how to start', async () => {
    const dir = path.join(tmp, 'source');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'no-start' }));
    const { run } = await build(dir);
    const error = await failure(run);
    expect(error.code).toBe('NO_START_COMMAND');
  });

  it('refuses symbolic links in the source: INVALID_SOURCE', async () => {
    const dir = source('build-plain');
    fs.symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
    const { run } = await build(dir);
    const error = await failure(run);
    expect(error).toMatchObject({
      code: 'INVALID_SOURCE',
      message: 'symbolic links are not allowed in the source: passwd',
    });
    expect(fs.existsSync(path.join(tmp, 'work', 'app'))).toBe(false);
  });
});

describe('the build script, the uploader’s code, under the worker’s isolation', () => {
  const sandbox = (): SandboxHost =>
    new SandboxHost({
      egress: 'none',
      uid: 10001,
      gid: 10001,
      platformHosts: ['127.0.0.1'],
      deniedCidrs: [],
    });

  it('refused without an isolation mechanism: BUILD_FAILED, the script never runs', async () => {
    const { run, lines } = await build(source('build-script'), {
      isolation: { refuse: 'no isolation mechanism on this host (test)' },
    });
    const error = await failure(run);
    expect(error.code).toBe('BUILD_FAILED');
    expect(error.message).toBe('the build script was not run: no isolation mechanism on this host (test)');
    expect(text(lines, 'SYSTEM')).not.toContain('npm run build');
  });

  it('in a sandbox: builds as the unprivileged user, HOME in its private /tmp, the result in the app directory', async () => {
    const host = sandbox();
    const support = host.detect();
    if (!support.ok) throw new Error(`this suite needs the sandbox: ${support.reason}`);
    const { run, lines } = await build(source('build-script'), { isolation: { sandbox: host } });
    const result = await run;
    expect(fs.existsSync(path.join(result.dir, 'dist', 'server.js'))).toBe(true);
    expect(fs.statSync(path.join(result.dir, 'dist', 'server.js')).uid).toBe(10001);
    expect(text(lines, 'SYSTEM')).toContain('the build script runs in a sandbox');
    expect(text(lines, 'STDOUT')).toContain('home: /tmp');
  });

  it('a sandboxed build past its timeout is killed whole: BUILD_TIMEOUT, nothing of it left', async () => {
    // Every process of the build (npm run build → sh → node slow.js) has npm's package name in its
    // environment.
    const buildProcesses = () =>
      fs
        .readdirSync('/proc')
        .filter((n) => /^\d+$/.test(n))
        .filter((n) => {
          try {
            return (
              fs
                .readFileSync(`/proc/${n}/environ`, 'latin1')
                .split('\0')
                .includes('npm_package_name=build-slow') && processAlive(Number(n))
            );
          } catch {
            return false;
          }
        });
    let whileRunning: string[] = [];
    const lines: BuildLogLine[] = [];
    const { run } = await build(source('build-slow'), {
      // Long enough for npm to start the script on a loaded machine (its line proves the processes
      // were there to kill).
      timeoutMs: 12_000,
      isolation: { sandbox: sandbox() },
      onLine: (line) => {
        lines.push(line);
        if (line.message.startsWith('slow build pid ')) whileRunning = buildProcesses();
      },
    });
    const error = await failure(run);
    expect(error.code).toBe('BUILD_TIMEOUT');
    expect(whileRunning.length).toBeGreaterThan(0);
    expect(buildProcesses()).toEqual([]);
  });
});
