// Helpers shared by the service benches (bench-mailboxes.js, bench-agents.js): a fresh database,
// a compiled entry point started and awaited, a clean stop, and percentiles.
const { spawn } = require('node:child_process');
const { Client } = require('pg');
const { ROOT, entryPath } = require('./build-if-stale');

/**
 * Drops and creates database `name` on the server of DATABASE_URL (through the server's `postgres`
 * database: the one named in DATABASE_URL may not exist yet) and returns the environment a service
 * runs with against it: MIGRATIONS=auto, no practical rate limit, its own Redis key prefix.
 */
async function freshBenchDatabase(name) {
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/platform');
  const server = new URL(base.toString());
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  const url = base.toString();
  return {
    url,
    env: {
      ...process.env,
      DATABASE_URL: url,
      MIGRATIONS: 'auto',
      RATE_LIMIT_CREDENTIAL_LIMIT: '1000000000',
      LOG_LEVEL: 'warn',
      REDIS_KEY_PREFIX: `bench-${name}-${Date.now()}`,
    },
  };
}

/** Starts a compiled entry point of `app` and resolves once its /health/ready answers 200. */
async function startEntry(app, entry, env, port) {
  const child = spawn(process.execPath, [entryPath(app, entry)], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app} ${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${app} ${entry} not ready within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

module.exports = { freshBenchDatabase, percentile, startEntry, stop };
