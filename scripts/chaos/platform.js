// The platform under chaos: `npm start` (scripts/start.js, the same code a developer runs, through
// run-start.js) with
// PORTS=auto and the URLs of the chaos run's own PostgreSQL and Redis. Its processes are found as
// start.js's children in /proc and named by their compiled entry point, so no pid has to be reported.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, sep } = require('node:path');
const { ROOT } = require('../build-if-stale');
const { freePort } = require('../free-port');
const { startPostgres, startRedis } = require('./infra');

/**
 * The environment of a platform on its own PostgreSQL and Redis (chaos and soak runs): limits raised
 * so the load is never rate limited, hosting data in `workDir`, fast restarts.
 */
function ownPlatformEnv({ pg, redis, workDir, prefix, mode }) {
  return {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    RATE_LIMIT_CREDENTIAL_LIMIT: '1000000000',
    RATE_LIMIT_IP_MULTIPLIER: '100000',
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    HOSTING_DATA_DIR: join(workDir, 'hosting'),
    HOSTING_NPM_OFFLINE: 'true',
    // `services` for chaos, which kills and pauses single services (one process each); single mode
    // for the soak runs unless PLATFORM_MODE says otherwise (docs/single-mode.md).
    PLATFORM_MODE: mode,
    // The fixture app runs unisolated where namespaces are missing (docs/hosting.md, "Isolation").
    HOSTING_UNISOLATED: process.env.HOSTING_UNISOLATED ?? 'allow',
    PUBLIC_BASE_URL: '',
    // 12 processes × 5 connections stay under the cluster's 100; a request waits up to 20 s for one
    // (a loaded CI machine is slow, not down: that is no 503).
    DB_POOL_SIZE: '5',
    DB_POOL_TIMEOUT_MS: '20000',
    START_RESTART_INITIAL_MS: process.env.START_RESTART_INITIAL_MS || '1000',
    START_TIMEOUT_S: '300',
  };
}

async function startPlatform(env, logFile) {
  const port = await freePort();
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/chaos/run-start.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), PORTS: 'auto' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  let text = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      text = (text + d).slice(-4000);
      const m = /platform ready at (\S+)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}; see ${logFile}`)));
  });
  return {
    url,
    child,
    /**
     * {name, pid} of every running process of start.js: each service and worker in `services` mode,
     * the one `platform` process in single mode.
     */
    processes() {
      let pids = [];
      try {
        pids = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
      } catch {
        return [];
      }
      return pids.filter(Boolean).flatMap((pid) => {
        try {
          const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          const entry = argv.find((a) => a.includes(`${sep}dist${sep}platform${sep}apps${sep}`));
          const m = entry && /dist\/platform\/apps\/([^/]+)\/src\/([^/]+)\.js$/.exec(entry);
          if (!m) return [];
          return [{ name: m[2] === 'main' ? m[1] : `${m[1]}-${m[2]}`, pid: Number(pid) }];
        } catch {
          return [];
        }
      });
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.once('exit', () => {
          clearTimeout(timer);
          out.end();
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/**
 * The skeleton of the chaos and soak runs: starts an own Redis and PostgreSQL and the platform on
 * them (log in tmp/<name>-platform.log), calls `body({ platform, pg, redis, adminEnv, onCleanup })`
 * and exits the process with the code it returns (1 when it throws), after stopping the platform,
 * Redis and PostgreSQL and removing the work folder; Ctrl-C does the same cleanup (exit 130).
 * `onCleanup(step)` adds a step run before the platform stops. `mode`: PLATFORM_MODE of the run.
 */
async function runOnOwnPlatform(name, log, body, { mode = process.env.PLATFORM_MODE || 'single' } = {}) {
  const workDir = mkdtempSync(join(tmpdir(), `${name}-`));
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const logFile = join(ROOT, 'tmp', `${name}-platform.log`);
  const cleanup = [];
  const cleanUp = async () => {
    for (const step of cleanup.splice(0))
      await Promise.resolve()
        .then(step)
        .catch((e) => log(`cleanup: ${e.message}`));
    rmSync(workDir, { recursive: true, force: true });
  };
  let interrupted = false;
  const onSignal = async () => {
    if (interrupted) return;
    interrupted = true;
    log('interrupted; cleaning up');
    await cleanUp();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let code = 1;
  try {
    log('starting its own Redis and PostgreSQL');
    const redis = await startRedis();
    cleanup.push(() => redis.stop());
    const pg = await startPostgres();
    cleanup.push(() => pg.stop());
    const env = ownPlatformEnv({ pg, redis, workDir, prefix: name, mode });
    log(`starting the platform (npm start, PORTS=auto; log in ${logFile})`);
    const platform = await startPlatform(env, logFile);
    cleanup.unshift(() => platform.stop());
    log(`platform ready at ${platform.url}`);
    const onCleanup = (step) => cleanup.unshift(step);
    code = await body({ platform, pg, redis, adminEnv: { ...process.env, ...env }, onCleanup });
  } catch (e) {
    log(
      `${name} run failed: ${e.stack ?? e.message}${e.cause ? ` (cause: ${e.cause.code ?? e.cause.message})` : ''}`,
    );
    code = 1;
  } finally {
    await cleanUp();
  }
  process.exit(code);
}

module.exports = { ownPlatformEnv, runOnOwnPlatform, startPlatform };
