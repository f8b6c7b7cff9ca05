// The chaos run's own Redis and PostgreSQL (never the machine's shared ones): a redis-server on a
// free port without persistence, and a PostgreSQL 15 cluster in a temporary directory (initdb +
// pg_ctl, as the `postgres` user when run as root). Each can be restarted and paused (SIGSTOP of
// every process of the instance) by the faults of scripts/chaos.js.
const { execFileSync, spawn } = require('node:child_process');
const { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');
const { freePort } = require('../free-port');

const PG_BIN = process.env.CHAOS_PG_BIN || '/usr/lib/postgresql/15/bin';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(probe, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Every descendant pid of `pid` (Linux /proc), children first. */
function descendants(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
  return children.flatMap((c) => [...descendants(Number(c)), Number(c)]);
}

function signalAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

async function startRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child;
  const launch = async () => {
    child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await until(() => redisPing(port), 10_000, `redis-server did not answer on ${port}`);
  };
  const stop = () =>
    new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  await launch();
  return {
    name: 'redis',
    url,
    pids: () => [child.pid],
    /** Starts it again after stop(), on the same port. */
    start: launch,
    async restart() {
      await stop();
      await launch();
    },
    pause: () => signalAll([child.pid], 'SIGSTOP'),
    resume: () => signalAll([child.pid], 'SIGCONT'),
    stop,
  };
}

function redisPing(port) {
  return new Promise((resolve) => {
    const socket = require('node:net').connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** Runs a PostgreSQL binary, as `postgres` when this process is root (initdb refuses root). */
function pgRun(bin, args) {
  const file = join(PG_BIN, bin);
  if (process.getuid?.() === 0)
    return execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  return execFileSync(file, args, { stdio: 'pipe' });
}

async function startPostgres() {
  if (!existsSync(join(PG_BIN, 'initdb')))
    throw new Error(`no PostgreSQL binaries in ${PG_BIN} (set CHAOS_PG_BIN)`);
  const dir = mkdtempSync(join(tmpdir(), 'chaos-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/platform`;
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c full_page_writes=off`;
  const answers = async () => {
    const client = new Client({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 1000,
    });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const start = async () => {
    pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'postgres.log'), '-w', 'start']);
    await until(answers, 30_000, 'PostgreSQL did not answer');
  };
  const postmaster = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  await start();
  return {
    name: 'postgres',
    url,
    dir,
    pids: () => [postmaster()],
    async restart() {
      pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      await start();
    },
    pause() {
      const pm = postmaster();
      signalAll([pm, ...descendants(pm)], 'SIGSTOP');
    },
    resume() {
      const pm = postmaster();
      signalAll([...descendants(pm), pm], 'SIGCONT');
    },
    async stop() {
      try {
        pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

module.exports = { descendants, startPostgres, startRedis };
