import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deriveInternalCredential } from '@platform/crypto';
import {
  FakeDomains,
  TEST_ENCRYPTION_KEY,
  TestEnv,
  createAdminToken,
  createTestEnv,
  freePort,
  runAdminJson,
  startFakeDomains,
  waitFor,
} from '@platform/testing';
import { Client } from 'pg';
import { parseAllDocuments } from 'yaml';

/**
 * SIGTERM drains a service (libs/service-kit graceful-shutdown.ts): readiness answers 503 first,
 * the listener closes after SHUTDOWN_DELAY_MS, in-flight requests and active BullMQ jobs finish,
 * then the process exits 0. Real compiled processes (the mailboxes API and worker) on this suite's
 * database and Redis prefix. The slow work is real too: the suite holds a PostgreSQL lock on the
 * mailboxes table (or row), so the POST's INSERT, and the worker's update of the mailbox, wait on it
 * exactly as they would behind a long transaction.
 */
const ROOT = join(__dirname, '../../..');
const DELAY_MS = 1500;
const GRACE_MS = 15_000;

interface Service {
  readonly child: ChildProcess;
  readonly port: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output: string;
}

/** One GET on a fresh connection (no keep-alive pool): its status, or the socket error's code. */
function freshGet(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    req.end();
  });
}

/** A POST on its own connection; resolves with the status and body once the answer is complete. */
function post(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('graceful shutdown on SIGTERM (compiled mailboxes API and worker, real Postgres and Redis)', () => {
  let env: TestEnv;
  let db: Client;
  let auth: Record<string, string>;
  let accountId: string;
  // The owner of domains the worker asks (a stand-in: this suite is about mailboxes draining).
  let domains: FakeDomains;
  const services: Service[] = [];

  async function start(entry: 'main' | 'worker'): Promise<Service> {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(ROOT, 'dist/apps/mailboxes/apps/mailboxes/src', `${entry}.js`)],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ...env.env,
          DOMAINS_URL: domains.url,
          LOG_LEVEL: 'info',
          PORT: String(port),
          SHUTDOWN_DELAY_MS: String(DELAY_MS),
          SHUTDOWN_GRACE_MS: String(GRACE_MS),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const service: Service = {
      child,
      port,
      output: '',
      exited: new Promise((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
      ),
    };
    child.stdout?.on('data', (d) => (service.output += d));
    child.stderr?.on('data', (d) => (service.output += d));
    services.push(service);
    await waitFor(async () => child.exitCode === null && (await freshGet(port, '/health/ready')) === 200, {
      timeoutMs: 60_000,
      intervalMs: 200,
      what: `mailboxes ${entry} to be ready`,
    });
    return service;
  }

  /** True while a backend of `application` waits for a lock (the slow work is in flight). */
  async function waitingOnLock(application: string): Promise<boolean> {
    const { rows } = await db.query(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'`,
      [application],
    );
    return rows.length > 0;
  }

  beforeAll(async () => {
    execFileSync(
      process.execPath,
      ['-e', "require('./scripts/build-if-stale').buildIfStale(['mailboxes'], { entry: 'worker' })"],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    env = await createTestEnv('graceful-shutdown');
    db = new Client({ connectionString: env.db.url });
    await db.connect();
    const admin = (...args: string[]) => runAdminJson(env, ...args);
    ({ accountId } = await admin('account', 'create', '--name', 'drain'));
    const { token } = await createAdminToken(env, accountId, 'email.mailbox:create,email.mailbox:read');
    auth = { authorization: `Bearer ${token}` };
    domains = await startFakeDomains(deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex')));
    domains.own(accountId, 'drain.example.com');
  }, 240_000);

  afterAll(async () => {
    for (const s of services)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await db?.query('ROLLBACK').catch(() => undefined);
    await db?.end();
    await env?.teardown();
    await domains?.close();
  });

  let mailboxId: string;

  it('answers readiness 503 first, then refuses new connections, finishes the in-flight request 2xx and exits 0 within the grace period', async () => {
    const api = await start('main');
    await db.query('BEGIN');
    await db.query('LOCK TABLE mailboxes.mailboxes IN SHARE ROW EXCLUSIVE MODE'); // INSERTs wait
    let settled = false;
    const inFlight = post(api.port, '/mailboxes', auth, {
      emailAddress: 'ada@drain.example.com',
      accountId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      consents: [{ type: 'FREETRIAL_AUTORENEW' }],
    }).finally(() => (settled = true));
    await waitFor(() => waitingOnLock('mailboxes'), { what: 'the POST to wait on the table lock' });

    const sigterm = Date.now();
    api.child.kill('SIGTERM');
    await waitFor(async () => (await freshGet(api.port, '/health/ready')) === 503, {
      timeoutMs: DELAY_MS,
      intervalMs: 50,
      what: 'readiness to answer 503',
    });
    expect(settled).toBe(false);
    await waitFor(async () => (await freshGet(api.port, '/health/live')) === 'ECONNREFUSED', {
      timeoutMs: DELAY_MS + 5000,
      intervalMs: 50,
      what: 'new connections to be refused',
    });
    expect(Date.now() - sigterm).toBeGreaterThanOrEqual(DELAY_MS - 100);
    expect(settled).toBe(false);
    expect(api.child.exitCode).toBeNull();

    await db.query('COMMIT');
    const answer = await inFlight;
    expect(answer.status).toBe(202);
    mailboxId = (JSON.parse(answer.body) as { mailboxId: string }).mailboxId;
    const exit = await api.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sigterm).toBeLessThan(DELAY_MS + GRACE_MS);
    const { rows } = await db.query('SELECT count(*)::int AS n FROM mailboxes.mailboxes WHERE id = $1', [
      mailboxId,
    ]);
    expect(rows[0].n).toBe(1);
  }, 90_000);

  it('lets the active job finish before exiting 0: the mailbox is provisioned exactly once', async () => {
    expect(mailboxId).toBeDefined();
    await db.query('BEGIN');
    await db.query('SELECT id FROM mailboxes.mailboxes WHERE id = $1 FOR UPDATE', [mailboxId]);
    const worker = await start('worker');
    await waitFor(() => waitingOnLock('mailboxes-worker'), {
      timeoutMs: 30_000,
      what: 'the provisioning job to be running (waiting on the row lock)',
    }).catch((e: Error) => {
      throw new Error(`${e.message}\n${worker.output.slice(-3000)}`);
    });

    const sigterm = Date.now();
    worker.child.kill('SIGTERM');
    await waitFor(async () => (await freshGet(worker.port, '/health/ready')) === 503, {
      timeoutMs: DELAY_MS,
      intervalMs: 50,
      what: 'the worker readiness to answer 503',
    });
    // The listener has closed by now, but the job holds the process up.
    await waitFor(async () => (await freshGet(worker.port, '/health/live')) === 'ECONNREFUSED', {
      timeoutMs: DELAY_MS + 5000,
      what: 'the worker to refuse new connections',
    });
    expect(worker.child.exitCode).toBeNull();

    await db.query('COMMIT');
    const exit = await worker.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - sigterm).toBeLessThan(DELAY_MS + GRACE_MS);
    const { rows } = await db.query('SELECT status, attempts FROM mailboxes.mailboxes WHERE id = $1', [
      mailboxId,
    ]);
    expect(rows).toEqual([{ status: 'COMPLETED', attempts: 1 }]);
  }, 90_000);

  it('keeps SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS below every Deployment’s terminationGracePeriodSeconds', () => {
    const config = Object.fromEntries(
      readFileSync(join(ROOT, 'k8s/base/platform-config.env'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => line.split('=', 2) as [string, string]),
    );
    const dir = join(ROOT, 'k8s/base');
    const deployments = readdirSync(dir)
      .filter((f) => f.endsWith('.yaml'))
      .flatMap((f) => parseAllDocuments(readFileSync(join(dir, f), 'utf8')).map((d) => d.toJS()))
      .filter((o) => o?.kind === 'Deployment');
    expect(deployments.length).toBeGreaterThan(0);
    for (const d of deployments) {
      const spec = d.spec.template.spec;
      const env = Object.fromEntries(
        (spec.containers[0].env ?? []).map((e: { name: string; value?: string }) => [e.name, e.value]),
      );
      const delay = Number(env.SHUTDOWN_DELAY_MS ?? config.SHUTDOWN_DELAY_MS ?? 0);
      const grace = Number(env.SHUTDOWN_GRACE_MS ?? config.SHUTDOWN_GRACE_MS ?? 20_000);
      const budget = (spec.terminationGracePeriodSeconds ?? 30) * 1000;
      expect({ deployment: d.metadata.name, fits: delay + grace < budget }).toEqual({
        deployment: d.metadata.name,
        fits: true,
      });
    }
  });
});
