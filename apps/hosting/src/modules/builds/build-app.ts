import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LineSplitter } from '../runtime/log-lines';
import { minimalPath, signalGroup } from '../runtime/process-group';
import type { LocalIsolation } from '../runtime/local-process-driver';
import type { StartCommand } from '../runtime/runtime-driver';
import { spawnSandbox, startSandbox, type SandboxMessage } from '../runtime/sandbox/sandbox-launch';
import type { SandboxHost } from '../runtime/sandbox/sandbox-host';
import { BuildError } from './build-error';
import { readPackageManifest, resolveStartCommand } from './package-manifest';
import { errorMessage } from '@platform/errors';

export type BuildLogStream = 'STDOUT' | 'STDERR' | 'SYSTEM';

export interface BuildLogLine {
  at: Date;
  stream: BuildLogStream;
  message: string;
}

export interface BuildOptions {
  /** The extracted upload (read only: the build works on a copy). */
  sourceDir: string;
  /** The build's own directory: the app ends in `<workDir>/app`, npm's HOME is `<workDir>/home`. */
  workDir: string;
  /** Extra environment of npm and the build script (e.g. npm_config_registry, NODE_ENV). */
  env?: Record<string, string>;
  /** npm's cache; default `<workDir>/npm-cache`. A cache shared by builds makes installs faster. */
  npmCacheDir?: string;
  /** Install from the cache only (`--offline`); tests use it to prove no network is touched. */
  offline?: boolean;
  /** Every line, in order per stream: npm's and the build script's output, and SYSTEM lines of each step. */
  onLine: (line: BuildLogLine) => void;
  signal?: AbortSignal;
  /** The whole build (default 10 minutes). */
  timeoutMs?: number;
  /**
   * Where the app's build script runs (it is the uploader's code): in a sandbox like the apps'
   * (`sandbox`), refused (`refuse`: no isolation mechanism, the build fails), or on the worker's
   * host (`unisolated`, the default; HOSTING_UNISOLATED=allow). npm's own installs run on the host.
   */
  isolation?: LocalIsolation;
  /** The Node binary the sandbox's init runs on (default: the worker's own). */
  nodePath?: string;
}

export interface BuildResult {
  /** The runnable app: its dependencies installed, built, dev dependencies removed. */
  dir: string;
  startCommand: StartCommand;
  durationMs: number;
}

const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * Names the builder sets itself: the caller's env cannot move npm's HOME, PATH or cache.
 */
const BUILDER_ENV_NAMES = new Set(['PATH', 'HOME', 'npm_config_cache']);

/**
 * Turns an extracted source directory into a runnable build.
 *
 * 1. Validates package.json (INVALID_PACKAGE_JSON) and copies the source to `<workDir>/app`,
 *    leaving out an uploaded node_modules (dependencies are installed here, for this platform) and
 *    refusing symbolic links (INVALID_SOURCE; the import step already rejects them, this is the
 *    second line: a link would let the app reach outside its directory).
 * 2. Installs dependencies with npm, respecting a lockfile: `npm ci` when package-lock.json or
 *    npm-shrinkwrap.json exists, else `npm install --no-package-lock`. Without a build script only
 *    production dependencies (`--omit=dev`); with one, everything (`--include=dev`, so a NODE_ENV=
 *    production in env cannot drop them), then `npm run build`, then `npm prune --omit=dev`, so
 *    the build can use its devDependencies (TypeScript, bundlers) and the app does not ship them.
 * 3. Decides the start command (`resolveStartCommand`; NO_START_COMMAND when there is none).
 *
 * Install scripts: every install and prune runs with `--ignore-scripts`. Lifecycle scripts of
 * dependencies (preinstall, install, postinstall) are the usual way a compromised package runs code
 * at install time, on the worker, before anyone looked at it. The npm 11 here (11.19) already skips
 * them unless package.json's `allowScripts` lets them, but an uploaded package.json is the
 * uploader's to write, and the npm of another image may run them all. The cost: packages that
 * compile or download a native binary in a postinstall do not work (prebuilt binaries shipped
 * inside packages, e.g. as optional dependencies, still do); the app's own prepare/postinstall do
 * not run either, its build script does. `npm run build` runs without the flag, so the app's
 * prebuild/postbuild run with it.
 *
 * Environment: only PATH (minimal), HOME (`<workDir>/home`), npm's cache and quiet settings
 * (npm_config_*: no update check, audit, fund, colour or progress) and `opts.env`; nothing of the
 * worker's environment. CLI flags and npm_config_* variables take precedence over a .npmrc in the
 * upload, so it cannot move the cache or turn install scripts back on. The build script itself is
 * the uploader's code: with `isolation.sandbox` it runs in a sandbox of its own like the apps
 * (runtime/sandbox: no network of the host's, a minimal root with only the app directory
 * writable, an unprivileged user; HOME and npm's cache in its private /tmp); without a mechanism
 * (`refuse`) an app with a build script fails with BUILD_FAILED instead of running it unconfined.
 *
 * Every step is logged as a SYSTEM line with its command and another with its exit code; each child
 * runs in its own process group, killed whole on timeout (BUILD_TIMEOUT) or abort (BUILD_CANCELLED).
 * stdout and stderr keep their own order; between the two streams lines are in arrival order.
 */
export async function buildApp(opts: BuildOptions): Promise<BuildResult> {
  const began = Date.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = began + timeoutMs;
  const emit = (stream: BuildLogStream, message: string) => {
    try {
      opts.onLine({ at: new Date(), stream, message });
    } catch {
      // a failing log sink must not fail the build
    }
  };
  const system = (message: string) => emit('SYSTEM', message);

  try {
    const workDir = path.resolve(opts.workDir);
    const appDir = path.join(workDir, 'app');
    const homeDir = path.join(workDir, 'home');
    const cacheDir = path.resolve(opts.npmCacheDir ?? path.join(workDir, 'npm-cache'));
    fs.rmSync(appDir, { recursive: true, force: true });
    fs.mkdirSync(homeDir, { recursive: true });
    fs.mkdirSync(cacheDir, { recursive: true });

    const manifest = readPackageManifest(opts.sourceDir);
    const label = manifest.name
      ? `${manifest.name}${manifest.version ? `@${manifest.version}` : ''}`
      : 'app without a name';
    system(`building ${label}`);
    copySource(opts.sourceDir, appDir, system);

    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(opts.env ?? {})) {
      if (!BUILDER_ENV_NAMES.has(name)) env[name] = value;
    }
    Object.assign(env, {
      PATH: minimalPath(),
      HOME: homeDir,
      npm_config_cache: cacheDir,
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_color: 'false',
      npm_config_progress: 'false',
    });
    const run = (args: string[], sandbox?: SandboxHost): Promise<StepResult> =>
      runNpm(args, {
        cwd: appDir,
        env,
        deadline,
        timeoutMs,
        signal: opts.signal,
        emit,
        sandbox: sandbox ? { host: sandbox, nodePath: opts.nodePath ?? process.execPath } : undefined,
      });

    const hasLock = ['package-lock.json', 'npm-shrinkwrap.json'].some((f) =>
      fs.existsSync(path.join(appDir, f)),
    );
    const hasBuild = typeof manifest.scripts['build'] === 'string' && manifest.scripts['build'].trim() !== '';
    const common = ['--ignore-scripts', ...(opts.offline ? ['--offline'] : [])];
    const install = hasLock ? ['ci'] : ['install', '--no-package-lock'];
    const omit = hasBuild ? ['--include=dev'] : ['--omit=dev'];

    const installed = await run([...install, ...omit, ...common]);
    if (installed.code !== 0) {
      throw new BuildError('INSTALL_FAILED', `npm ${install[0]} failed: see the lines above`, {
        output: installed.output,
      });
    }
    if (hasBuild) {
      const isolation = opts.isolation ?? { unisolated: true };
      if ('refuse' in isolation)
        throw new BuildError('BUILD_FAILED', `the build script was not run: ${isolation.refuse}`, {
          kind: 'refused',
        });
      const sandbox = 'sandbox' in isolation ? isolation.sandbox : undefined;
      if (sandbox) system('the build script runs in a sandbox');
      const built = await run(['run', 'build'], sandbox);
      if (built.code !== 0) {
        throw new BuildError('BUILD_FAILED', 'the build script failed: see the lines above', {
          output: built.output,
        });
      }
      const prune = ['prune', '--omit=dev', ...(hasLock ? [] : ['--no-package-lock']), ...common];
      const pruned = await run(prune);
      if (pruned.code !== 0)
        throw new BuildError('INSTALL_FAILED', 'npm prune failed: see the lines above', {
          output: pruned.output,
        });
    }

    const startCommand = resolveStartCommand(manifest, appDir);
    const durationMs = Date.now() - began;
    system(
      `build succeeded in ${durationMs} ms; start command: ${[startCommand.command, ...startCommand.args].join(' ')}`,
    );
    return { dir: appDir, startCommand, durationMs };
  } catch (e) {
    const error =
      e instanceof BuildError
        ? e
        : new BuildError('BUILD_FAILED', `builder error: ${(e as Error).message}`, { kind: 'builder' });
    system(`build failed: ${error.code}: ${error.message}`);
    throw error;
  }
}

function copySource(sourceDir: string, appDir: string, system: (m: string) => void): void {
  const root = path.resolve(sourceDir);
  const links: string[] = [];
  let skippedNodeModules = false;
  fs.cpSync(root, appDir, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => {
      if (src === path.join(root, 'node_modules')) {
        skippedNodeModules = true;
        return false;
      }
      if (fs.lstatSync(src).isSymbolicLink()) {
        links.push(path.relative(root, src));
        return false;
      }
      return true;
    },
  });
  if (links.length) {
    fs.rmSync(appDir, { recursive: true, force: true });
    throw new BuildError(
      'INVALID_SOURCE',
      `symbolic links are not allowed in the source: ${links.slice(0, 5).join(', ')}`,
    );
  }
  if (skippedNodeModules)
    system('node_modules of the upload left out: dependencies are installed by the build');
}

interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  /** Run it in a sandbox (runtime/sandbox) instead of on the host. */
  sandbox?: { host: SandboxHost; nodePath: string };
  deadline: number;
  timeoutMs: number;
  signal?: AbortSignal;
  emit: (stream: BuildLogStream, message: string) => void;
}

/** How a step ended: its exit code and the first MAX_STEP_OUTPUT_LINES of its stdout and stderr. */
interface StepResult {
  code: number;
  output: BuildLogLine[];
}

/** Lines of a step's output kept for its failure (the failure's firstError is taken from them). */
export const MAX_STEP_OUTPUT_LINES = 500;

/**
 * Runs `npm <args>`, streams its lines, resolves its exit code and the start of its output; throws
 * on timeout or abort (a BuildError carrying that output).
 */
function runNpm(args: string[], options: RunOptions): Promise<StepResult> {
  const { emit } = options;
  if (options.signal?.aborted)
    return Promise.reject(new BuildError('BUILD_CANCELLED', 'the build was cancelled'));
  const remaining = options.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(timeoutError(options.timeoutMs));
  emit('SYSTEM', `npm ${args.join(' ')}`);

  const output: BuildLogLine[] = [];
  const capture = (stream: 'STDOUT' | 'STDERR', message: string) => {
    if (output.length < MAX_STEP_OUTPUT_LINES) output.push({ at: new Date(), stream, message });
    emit(stream, message);
  };
  return new Promise<StepResult>((resolve, reject) => {
    const child = options.sandbox
      ? sandboxedNpm(args, options, options.sandbox, (error) => stop(error))
      : spawn('npm', args, {
          cwd: options.cwd,
          env: options.env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
    let stoppedBy: BuildError | null = null;
    const stop = (error: BuildError) => {
      if (stoppedBy) return;
      stoppedBy = error;
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    };
    const timer = setTimeout(() => stop(timeoutError(options.timeoutMs)), remaining);
    const onAbort = () => stop(new BuildError('BUILD_CANCELLED', 'the build was cancelled'));
    options.signal?.addEventListener('abort', onAbort, { once: true });

    for (const [stream, source] of [
      [child.stdout, 'STDOUT'],
      [child.stderr, 'STDERR'],
    ] as const) {
      if (!stream) continue;
      const splitter = new LineSplitter((line) => capture(source, line));
      stream.on('data', (chunk: Buffer) => splitter.push(chunk));
      stream.once('end', () => splitter.end());
    }

    let spawnError: Error | null = null;
    child.once('error', (error) => {
      spawnError = error;
    });
    child.once('exit', () => {
      // Whatever the step started in its group ends with it.
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (stoppedBy) {
        emit('SYSTEM', `killed: ${stoppedBy.message}`);
        reject(new BuildError(stoppedBy.code, stoppedBy.message, { kind: stoppedBy.kind, output }));
      } else if (spawnError) {
        emit('SYSTEM', `could not run npm: ${(spawnError as Error).message}`);
        resolve({ code: 127, output });
      } else {
        emit('SYSTEM', signal ? `killed by ${signal}` : `exit code ${code}`);
        resolve({ code: code ?? 128, output });
      }
    });
  });
}

/**
 * `npm <args>` in a sandbox: HOME and npm's cache move to the sandbox's private /tmp (the host's
 * are not visible there); the app directory is its working directory, the one place it writes.
 */
function sandboxedNpm(
  args: string[],
  options: RunOptions,
  sandbox: { host: SandboxHost; nodePath: string },
  fail: (error: BuildError) => void,
): ChildProcess {
  const child = spawnSandbox(sandbox.host, sandbox.nodePath);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  child.once('close', () => resolveClosed());
  child.on('error', () => undefined); // the IPC channel of a sandbox that died; 'close' follows
  child.on('message', (message: SandboxMessage) => {
    if (message.type === 'hello') {
      const env = { ...options.env, HOME: '/tmp', npm_config_cache: '/tmp/.npm' };
      startSandbox(
        child,
        sandbox.host,
        {
          dir: options.cwd,
          argv: ['npm', ...args],
          env,
          nice: 10,
          nodePath: sandbox.nodePath,
          tmpSizeMb: 512,
        },
        closed,
      ).catch((error: unknown) =>
        fail(
          new BuildError('BUILD_FAILED', `sandbox set-up failed: ${errorMessage(error)}`, {
            kind: 'builder',
          }),
        ),
      );
    } else if (message.type === 'error') {
      options.emit('SYSTEM', String(message.message));
    }
  });
  return child;
}

function timeoutError(timeoutMs: number): BuildError {
  return new BuildError('BUILD_TIMEOUT', `the build did not finish within ${timeoutMs} ms`);
}
