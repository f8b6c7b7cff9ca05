import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import { Webhook } from 'standardwebhooks';
import type {
  AppStatusResponse,
  VariantStatusResponse,
} from '../src/modules/app-runtime/app-status.response';
import type { DeploymentResponse } from '../src/modules/deployments/deployments.response';
import type { WebhookPayload } from '../src/modules/webhooks/webhook-event.entity';
import type {
  CreatedWebhookResponse,
  WebhookDeliveryPageResponse,
  WebhookDeliveryResponse,
} from '../src/modules/webhooks/webhooks.response';
import { appProcesses } from './support/app-processes';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import { createHostingApp, importArchive } from './support/hosting-flows';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';
import type { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';
import { startWebhookReceiver } from './support/webhook-receiver';

const SCOPES: Scope[] = [
  ...ALL_HOSTING_SCOPES,
  'hosting.source:write',
  'hosting.secret:write',
  'hosting.deployment:execute',
  'hosting.paas.deploy:execute',
];

const DEPLOYMENT_EVENTS = ['deployment.started', 'deployment.succeeded', 'deployment.failed'];

/** A received request's payload, once its Standard Webhooks signature verified with `secret`. */
function verified(secret: string, request: ReceivedWebhook): WebhookPayload {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(request.body, headers) as WebhookPayload;
}

const ok = (r: ReceivedWebhook) => r.status >= 200 && r.status < 300;
const idOf = (r: ReceivedWebhook) => String(r.headers['webhook-id']);

/**
 * Checks what a receiver got from a webhook: every request signed as Standard Webhooks (verified
 * with the maintained `standardwebhooks` package); each event answered 2xx exactly once; nothing
 * of a later event of an app before the earlier one was settled. Returns the delivered payloads.
 */
function deliveredInOrder(secret: string, received: readonly ReceivedWebhook[]): WebhookPayload[] {
  const payloads = received.map((r) => verified(secret, r));
  const successes = received.filter(ok).map(idOf);
  expect(new Set(successes).size).toBe(successes.length);
  const lastSequence = new Map<string, number>();
  payloads.forEach((p) => {
    const before = lastSequence.get(p.data.appId) ?? 0;
    expect(p.data.sequence).toBeGreaterThanOrEqual(before);
    lastSequence.set(p.data.appId, p.data.sequence);
  });
  return received.flatMap((r, i) => (ok(r) ? [payloads[i]] : []));
}

describe('hosting webhook deliveries: signed, at least once with backoff, in order per app (real Postgres, Redis, worker)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let cred: TestCredential;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    // Short backoff and sweep so retries take milliseconds; 127.0.0.1 receivers allowed.
    t = await startBuildingHostingTestApp('hosting-webhook-deliveries', {
      HOSTING_WEBHOOK_ALLOW: '127.0.0.1',
      HOSTING_WEBHOOK_BACKOFF_MS: '50',
      HOSTING_WEBHOOK_BACKOFF_MAX_MS: '200',
      HOSTING_WEBHOOK_MAX_ATTEMPTS: '8',
      HOSTING_WEBHOOK_SWEEP_MS: '250',
    });
    worker = await startHostingWorker(t.env);
  }, 30_000);

  beforeEach(async () => {
    cred = await t.newCredential(SCOPES);
  });

  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await closeWorkerThenApp(worker, t);
  });

  async function receiver(answer: Parameters<typeof startWebhookReceiver>[0]): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver(answer);
    receivers.push(started);
    return started;
  }

  async function subscribe(url: string, events: string[], c = cred): Promise<CreatedWebhookResponse> {
    const res = await t.inject({
      method: 'POST',
      url: '/v1/hosting/webhooks',
      headers: c.headers,
      payload: { url, events },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as CreatedWebhookResponse;
  }

  async function deliveries(webhookId: string): Promise<WebhookDeliveryResponse[]> {
    const res = await t.inject({
      method: 'GET',
      url: `/v1/hosting/webhooks/${webhookId}/deliveries?pageSize=100`,
      headers: cred.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as WebhookDeliveryPageResponse).items;
  }

  /** An event of an app, recorded as rollback, instances and domains will: hosting.record_webhook_event. */
  async function record(appId: string, type: string, data: object = {}, accountId = cred.accountId) {
    const rows: { id: string | null }[] = await t.dataSource.query(
      'SELECT hosting.record_webhook_event($1, $2, $3, $4::jsonb) AS id',
      [accountId, appId, type, JSON.stringify(data)],
    );
    return rows[0].id;
  }

  async function statusVariants(appId: string): Promise<VariantStatusResponse[]> {
    const res = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${appId}/status`,
      headers: cred.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as AppStatusResponse).variants;
  }

  /** The worker's address (it serves /hosted), listening from the first call. */
  async function hostedBase(): Promise<string> {
    if (!worker) throw new Error('no worker');
    if (!worker.app.getHttpServer().listening) await worker.app.listen(0, '127.0.0.1');
    return worker.app.getUrl();
  }

  const until = (what: string, probe: () => boolean, timeoutMs = 20_000) =>
    waitFor(() => probe() || undefined, { what, timeoutMs });

  const settledDeployment = (appId: string, deploymentId: string) =>
    waitFor(
      async () => {
        const res = await t.inject({
          method: 'GET',
          url: `/v1/hosting/apps/${appId}/deployments/${deploymentId}`,
          headers: cred.headers,
        });
        const body = res.json() as DeploymentResponse;
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: `deployment ${deploymentId}`, timeoutMs: 120_000 },
    );

  async function importFixture(appId: string, fixture: string): Promise<void> {
    const done = await importArchive(t, cred, appId, await zipOf(await fixtureFiles(fixture)));
    expect(done.status).toBe('COMPLETED');
  }

  it('deployments of both namespaces: a receiver failing 3 times then succeeding gets each event once more, in order, signed', async () => {
    // A: 500 to the first three requests, then 204. B: refuses the first event it sees every time
    // (given up after HOSTING_WEBHOOK_MAX_ATTEMPTS = 8), then takes the later ones. C: failures only.
    const a = await receiver((_req, before) => (before.length < 3 ? 500 : 204));
    const b = await receiver((req, before) => {
      const refusedId = before.length === 0 ? String(req.headers['webhook-id']) : idOf(before[0]);
      return String(req.headers['webhook-id']) === refusedId ? 500 : 204;
    });
    const c = await receiver(() => 200);
    const hookA = await subscribe(`${a.url}/a`, DEPLOYMENT_EVENTS);
    const hookB = await subscribe(`${b.url}/b`, DEPLOYMENT_EVENTS);
    const hookC = await subscribe(`${c.url}/c`, ['deployment.failed']);

    const appId = await createHostingApp(t, cred, 'hooked');
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: `/v1/hosting/apps/${appId}/subscription`,
          headers: cred.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    await importFixture(appId, 'runtime-http');
    const v1 = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/deployments`,
      headers: cred.headers,
    });
    expect(v1.statusCode).toBe(202);
    const first = await settledDeployment(appId, (v1.json() as DeploymentResponse).deploymentId);
    expect(first.status).toBe('COMPLETED');

    // runtime-needs-secret starts only with MUST_HAVE, which PREVIEW has and PUBLISH has not.
    const patched = await t.inject({
      method: 'PATCH',
      url: `/v1/hosting/apps/${appId}/secrets?variant=PREVIEW`,
      headers: { ...cred.headers, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'add', path: '/MUST_HAVE', value: 'yes' }]),
    });
    expect(patched.statusCode).toBe(200);
    await importFixture(appId, 'runtime-needs-secret');
    const nodejs = await t.inject({
      method: 'POST',
      url: `/v1/hosting/nodejs/apps/${appId}/deployments`,
      headers: cred.headers,
    });
    expect(nodejs.statusCode).toBe(200);
    const second = await settledDeployment(appId, (nodejs.json() as { deploymentId: string }).deploymentId);
    expect(second.status).toBe('FAILED');

    await until('A to get four events', () => a.received.filter(ok).length === 4);
    await until(
      'B to get the three events after the one it refused',
      () => b.received.filter(ok).length === 3,
    );
    await until('C to get the failure', () => c.received.length === 1);

    // A: the first event three times refused, then once more accepted; then each later one once.
    const toA = deliveredInOrder(hookA.secret, a.received);
    expect(a.received.map((r) => r.status)).toEqual([500, 500, 500, 204, 204, 204, 204]);
    expect(new Set(a.received.slice(0, 4).map(idOf)).size).toBe(1);
    expect(toA.map((p) => p.type)).toEqual([
      'deployment.started',
      'deployment.succeeded',
      'deployment.started',
      'deployment.failed',
    ]);
    expect(toA.map((p) => p.data.sequence)).toEqual([1, 2, 3, 4]);
    expect(toA.map((p) => p.data.deploymentId)).toEqual([
      first.deploymentId,
      first.deploymentId,
      second.deploymentId,
      second.deploymentId,
    ]);
    expect(toA[0].data).toEqual({
      appId,
      sequence: 1,
      deploymentId: first.deploymentId,
      importId: first.importId,
      status: 'EXECUTING',
    });
    expect(toA[1].data).toMatchObject({ appId, status: 'COMPLETED', noOp: false, importId: first.importId });
    expect(toA[3].data).toMatchObject({ appId, status: 'FAILED', error: { code: 'START_FAILED' } });
    expect(a.received.every((r) => r.headers['content-type'] === 'application/json')).toBe(true);

    // B: the first event given up after 8 attempts; the later ones were held back until then.
    const toB = deliveredInOrder(hookB.secret, b.received);
    expect(b.received.map((r) => r.status)).toEqual([...Array<number>(8).fill(500), 204, 204, 204]);
    expect(toB.map((p) => p.data.sequence)).toEqual([2, 3, 4]);

    // C: only the event type it subscribed to, numbered in the app's sequence.
    const toC = deliveredInOrder(hookC.secret, c.received);
    expect(toC.map((p) => [p.type, p.data.sequence])).toEqual([['deployment.failed', 4]]);

    // The deliveries list shows each attempt, newest first (an attempt is recorded once its answer
    // came: the last one may still be on its way to the table when the receiver has it).
    const listA = await waitFor(
      async () => {
        const list = await deliveries(hookA.webhookId);
        return list.length >= 7 && list;
      },
      { what: 'A’s seven attempts recorded' },
    );
    expect(listA).toHaveLength(7);
    const firstEvent = listA.filter((d) => d.sequence === 1).reverse();
    expect(firstEvent.map((d) => [d.attempt, d.outcome, d.statusCode])).toEqual([
      [1, 'FAILED', 500],
      [2, 'FAILED', 500],
      [3, 'FAILED', 500],
      [4, 'SUCCEEDED', 204],
    ]);
    expect(
      firstEvent
        .slice(0, 3)
        .every((d) => d.nextRetryAt !== null && d.error?.startsWith('OUTBOUND_BAD_STATUS')),
    ).toBe(true);
    expect(firstEvent[3]).toMatchObject({
      nextRetryAt: null,
      error: null,
      eventType: 'deployment.started',
      appId,
    });
    expect(firstEvent[0].eventId).toBe(idOf(a.received[0]));
    const times = listA.map((d) => Date.parse(d.attemptedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const listB = await waitFor(
      async () => {
        const list = await deliveries(hookB.webhookId);
        return list.length >= 11 && list;
      },
      { what: 'B’s eleven attempts recorded' },
    );
    expect(listB).toHaveLength(11);
    expect(listB.filter((d) => d.sequence === 1).map((d) => d.outcome)).toEqual([
      'GAVE_UP',
      ...Array<string>(7).fill('FAILED'),
    ]);
    expect(listB.find((d) => d.outcome === 'GAVE_UP')?.nextRetryAt).toBeNull();
  }, 240_000);

  it('a SIGKILLed instance: the receiver gets instance.crashed then instance.restarted, signed, each once, naming the instance', async () => {
    const r = await receiver(() => 204);
    const hook = await subscribe(r.url, ['instance.crashed', 'instance.restarted']);
    const appId = await createHostingApp(t, cred, 'crashing');
    await importFixture(appId, 'runtime-http'); // PREVIEW runs one instance
    const running = await waitFor(
      async () => {
        const [preview] = await statusVariants(appId);
        const [instance] = preview?.instances ?? [];
        return instance?.state === 'RUNNING' ? instance : undefined;
      },
      { what: 'the PREVIEW instance running' },
    );
    // Through the worker's /hosted the app tells its build directory, whose process the host lists.
    const answer = await fetch(`${await hostedBase()}/hosted/${appId}/preview/`);
    expect(answer.status).toBe(200);
    const pids = appProcesses(((await answer.json()) as { cwd: string }).cwd);
    expect(pids).toHaveLength(1);
    process.kill(pids[0], 'SIGKILL');

    await until('both instance events delivered', () => r.received.filter(ok).length >= 2);
    const restarted = await waitFor(
      async () => {
        const [preview] = await statusVariants(appId);
        const instance = preview?.instances.find((i) => i.id === running.id);
        return instance?.state === 'RUNNING' && instance.restarts === 1 ? instance : undefined;
      },
      { what: 'the killed instance running again' },
    );
    expect(restarted.lastSignal).toBe('SIGKILL');

    const delivered = deliveredInOrder(hook.secret, r.received);
    expect(r.received.map((q) => q.status)).toEqual([204, 204]);
    const instance = { index: 0, id: running.id };
    expect(delivered.map((p) => p.type)).toEqual(['instance.crashed', 'instance.restarted']);
    expect(delivered[0].data).toEqual({
      appId,
      sequence: 1,
      variant: 'PREVIEW',
      instance,
      exitCode: restarted.lastExitCode,
      signal: 'SIGKILL',
      reason: 'killed by SIGKILL', // the instance's lastExit; no failure: its bounds did not end it
      restarts: delivered[0].data.restarts, // 0, or 1 when the relaunch came before the sync saw the crash
    });
    expect([0, 1]).toContain(delivered[0].data.restarts);
    expect(delivered[1].data).toEqual({ appId, sequence: 2, variant: 'PREVIEW', instance, restarts: 1 });
    // One attempt each, as the deliveries list shows too (once the last one is recorded).
    const list = await waitFor(
      async () => {
        const attempts = await deliveries(hook.webhookId);
        return attempts.length >= 2 && attempts;
      },
      { what: 'both attempts recorded' },
    );
    expect(list.map((d) => [d.eventType, d.attempt, d.outcome, d.appId])).toEqual([
      ['instance.restarted', 1, 'SUCCEEDED', appId],
      ['instance.crashed', 1, 'SUCCEEDED', appId],
    ]);
  }, 120_000);

  it('holds an app’s later events until the earlier one succeeds, without holding back another app', async () => {
    const X = 'NODEJS-xxxxxxxxxx';
    const Y = 'NODEJS-yyyyyyyyyy';
    const appOf = (body: string) => (JSON.parse(body) as WebhookPayload).data.appId;
    // X's first event is refused at least three times, and for as long as none of Y's came in.
    let refusedX = 0;
    const r = await receiver((req, before) => {
      const yCame = before.some((q) => appOf(q.body) === Y);
      if (appOf(req.body) === X && (refusedX < 3 || !yCame)) {
        refusedX++;
        return 503;
      }
      return 200;
    });
    const hook = await subscribe(r.url, ['instance.crashed', 'instance.restarted']);
    for (let i = 0; i < 5; i++) await record(X, i % 2 ? 'instance.restarted' : 'instance.crashed', { n: i });
    for (let i = 0; i < 3; i++) await record(Y, 'instance.crashed', { n: i });

    await until('every event delivered', () => r.received.filter(ok).length === 8);
    const delivered = deliveredInOrder(hook.secret, r.received);
    const of = (appId: string) => delivered.filter((p) => p.data.appId === appId);
    expect(of(X).map((p) => [p.data.sequence, p.data.n])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 4],
    ]);
    expect(of(Y).map((p) => [p.data.sequence, p.data.n])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    // Only X's first event was refused, and nothing later of X came before it was accepted;
    // Y's events came in while X's first was still being retried.
    const xs = r.received.filter((q) => appOf(q.body) === X);
    expect(refusedX).toBeGreaterThanOrEqual(3);
    expect(xs.map((q) => [(JSON.parse(q.body) as WebhookPayload).data.sequence, q.status])).toEqual([
      ...Array.from({ length: refusedX }, () => [1, 503]),
      [1, 200],
      [2, 200],
      [3, 200],
      [4, 200],
      [5, 200],
    ]);
  }, 60_000);

  it('delivers what a stopped worker left pending once another worker starts', async () => {
    let open = false;
    const r = await receiver(() => (open ? 204 : 503));
    const hook = await subscribe(r.url, ['domain.verified']);
    await record('NODEJS-restart0001', 'domain.verified', { hostname: 'a.example' });
    await record('NODEJS-restart0001', 'domain.verified', { hostname: 'b.example' });
    await until('a first, refused attempt', () => r.received.length >= 1);

    await worker?.close();
    worker = undefined;
    open = true;
    const refusedSoFar = r.received.length;
    worker = await startHostingWorker(t.env);

    await until('both events delivered', () => r.received.filter(ok).length === 2);
    const delivered = deliveredInOrder(hook.secret, r.received);
    expect(delivered.map((p) => p.data.hostname)).toEqual(['a.example', 'b.example']);
    expect(r.received.slice(0, refusedSoFar).every((q) => q.status === 503)).toBe(true);
  }, 60_000);

  it('checks the URL again at each delivery: one that now points at the platform’s Redis is refused before any byte is sent', async () => {
    const r = await receiver(() => 200);
    const hook = await subscribe(r.url, ['deployment.rolled_back']);
    // As if the webhook's host had come to resolve to the platform: the stored URL now names Redis.
    const redisPort = new URL(t.env.env.REDIS_URL).port || '6379';
    await t.dataSource.query('UPDATE hosting.webhooks SET url = $1 WHERE id = $2', [
      `http://127.0.0.1:${redisPort}/`,
      hook.webhookId,
    ]);
    await record('NODEJS-rebound0001', 'deployment.rolled_back', {});
    const attempts = await waitFor(
      async () => {
        const list = await deliveries(hook.webhookId);
        return list.some((d) => d.outcome === 'GAVE_UP') ? list : undefined;
      },
      { what: 'the event to be given up' },
    );
    expect(attempts).toHaveLength(8);
    expect(
      attempts.every(
        (d) => d.statusCode === null && /^OUTBOUND_REFUSED: .*platform's own endpoints/.test(d.error ?? ''),
      ),
    ).toBe(true);
    expect(r.received).toHaveLength(0);
  }, 60_000);

  it('records no event of an account without a subscribed webhook, and drops a deleted webhook’s pending ones', async () => {
    expect(await record('NODEJS-nohooks001', 'deployment.started')).toBeNull();
    const none: { n: string }[] = await t.dataSource.query(
      "SELECT count(*) AS n FROM hosting.webhook_events WHERE app_id = 'NODEJS-nohooks001'",
    );
    expect(Number(none[0].n)).toBe(0);

    const r = await receiver(() => 500);
    const hook = await subscribe(r.url, ['deployment.started']);
    await record('NODEJS-deleted0001', 'deployment.started');
    await until('a first attempt', () => r.received.length >= 1);
    const removed = await t.inject({
      method: 'DELETE',
      url: `/v1/hosting/webhooks/${hook.webhookId}`,
      headers: cred.headers,
    });
    expect(removed.statusCode).toBe(204);
    const pending: { n: string }[] = await t.dataSource.query(
      'SELECT count(*) AS n FROM hosting.webhook_messages WHERE webhook_id = $1',
      [hook.webhookId],
    );
    expect(Number(pending[0].n)).toBe(0);
  });
});
