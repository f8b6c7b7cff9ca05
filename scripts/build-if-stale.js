// Builds an app with Nx when its compiled entry is missing or older than any source it is made
// of (the app's src and every lib). Nx's cache makes an unneeded build cheap; this check makes it free.
const { execFileSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, rmSync, statSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith('.ts') || entry.name.endsWith('.json'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Newest committed subgraph SDL: the gateway composes its supergraph from them at build time. */
function schemasMtime() {
  const apps = join(ROOT, 'apps');
  return Math.max(
    0,
    ...readdirSync(apps)
      .map((a) => join(apps, a, 'schema.graphql'))
      .filter((f) => existsSync(f))
      .map((f) => statSync(f).mtimeMs),
  );
}

function sourcesMtime(app) {
  const libs = join(ROOT, 'libs');
  const libDirs = readdirSync(libs).map((l) => join(libs, l, 'src'));
  return Math.max(
    newestMtime(join(ROOT, 'apps', app, 'src')),
    ...libDirs.map(newestMtime),
    statSync(join(ROOT, 'tsconfig.base.json')).mtimeMs,
    app === 'gateway' ? schemasMtime() : 0,
  );
}

/** Path of a compiled entry point of an app (main, worker, admin, migrate). */
function entryPath(app, entry = 'main') {
  return join(ROOT, 'dist', 'apps', app, 'apps', app, 'src', `${entry}.js`);
}

function isStale(app, entry = 'main') {
  const file = entryPath(app, entry);
  return !existsSync(file) || statSync(file).mtimeMs < sourcesMtime(app);
}

const LOCK_DIR = join(ROOT, 'dist', '.build-lock');

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Serializes builds between processes (several admin CLI calls or test suites at once would
 * otherwise run tsc into the same output). mkdir is atomic; a lock older than 10 minutes is left
 * by a dead process and taken over.
 */
function withBuildLock(fn) {
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  const deadline = Date.now() + 10 * 60 * 1000;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - statSync(LOCK_DIR).mtimeMs > 10 * 60 * 1000)
        rmSync(LOCK_DIR, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another build to finish');
      sleepSync(200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/**
 * Builds the given apps that are stale; build output goes to stderr so stdout stays clean. `quiet`
 * (the admin CLI, whose output is its JSON): nothing printed; when the build fails, the error
 * carries what it printed as `output`.
 */
function buildIfStale(apps, { entry = 'main', quiet = false } = {}) {
  if (!apps.some((app) => isStale(app, entry))) return [];
  return withBuildLock(() => buildStale(apps, entry, quiet));
}

function buildStale(apps, entry, quiet) {
  // Checked again under the lock: another process may have just built them.
  const stale = apps.filter((app) => isStale(app, entry));
  if (stale.length === 0) return [];
  run(
    quiet,
    process.execPath,
    [
      require.resolve('nx/bin/nx.js'),
      'run-many',
      '-t',
      'build',
      '-p',
      stale.join(','),
      '--parallel=2',
      '--outputStyle=stream',
    ],
    {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 2, 2],
      env: { ...process.env, NX_DAEMON: 'false' },
      // execFileSync's default (1 MiB) could cut a failing build's output short.
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return stale;
}

/** execFileSync; when quiet, a failure's error carries what the command printed as `output`. */
function run(quiet, file, args, options) {
  try {
    execFileSync(file, args, options);
  } catch (e) {
    if (quiet) e.output = `${e.stdout ?? ''}${e.stderr ?? ''}`;
    throw e;
  }
}

module.exports = { ROOT, buildIfStale, entryPath, isStale };
