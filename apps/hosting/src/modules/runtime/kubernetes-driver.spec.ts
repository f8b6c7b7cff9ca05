// The Kubernetes runtime driver against an in-process fake API server (test/support): the real
// @kubernetes/client-node on the wire, objects schema-checked on both sides, and the transitions a
// cluster plays (rollout, crash loop, failing readiness, a pod replaced).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiException, KubernetesObjectApi, PatchStrategy } from '@kubernetes/client-node';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { waitFor } from '@platform/testing';
import { FakeKubernetesApi, type AppBehaviour } from '../../../test/support/fake-kubernetes-api';
import { createKubernetesDriver } from './create-kubernetes-driver';
import { KubernetesDriver, describeApiError, type KubernetesDriverOptions } from './kubernetes-driver';
import { domainIngressName } from './kubernetes-domain-ingress';
import { resourceName, secretName } from './kubernetes-objects';
import { RuntimeStartError, type RuntimeLogLine, type VariantKey, type VariantSpec } from './runtime-driver';

const NS = 'developer-platform-apps';
const DATA_DIR = '/var/lib/hosting';
const KEY: VariantKey = { appId: 'NODEJS-V1StGXR8_Z', variant: 'PREVIEW' };
const NAME = resourceName(KEY);

let fake: FakeKubernetesApi;
let drivers: KubernetesDriver[];

beforeEach(async () => {
  fake = new FakeKubernetesApi();
  await fake.start();
  drivers = [];
});

afterEach(async () => {
  for (const driver of drivers) await driver.stopAll();
  await fake.stop();
});

function driver(overrides: Partial<KubernetesDriverOptions> = {}): KubernetesDriver {
  const created = new KubernetesDriver(fake.kubeConfig(), {
    namespace: NS,
    runtimeImage: 'node:20.20.2-slim',
    buildsClaimName: 'hosting-builds',
    dataDir: DATA_DIR,
    pollIntervalMs: 20,
    startupTimeoutMs: 5000,
    ...overrides,
  });
  drivers.push(created);
  return created;
}

/** A variant spec whose log lines land in `lines`. */
function variant(build: string, lines: RuntimeLogLine[], overrides: Partial<VariantSpec> = {}): VariantSpec {
  return {
    key: KEY,
    dir: `${DATA_DIR}/builds/${KEY.appId}/${build}/app`,
    startCommand: { command: 'node', args: ['server.js'] },
    env: { API_KEY: 'k-123' },
    memoryMb: 256,
    cpuMillicores: 250,
    onLog: (line) => lines.push(line),
    ...overrides,
  };
}

/** The build a Deployment runs (the init container's subPath), which picks the fake app's behaviour. */
function buildOf(deployment: IDeployment): string {
  const mounts = deployment.spec?.template.spec?.initContainers?.[0]?.volumeMounts ?? [];
  return mounts.find((m) => m.name === 'build')?.subPath ?? '';
}

function behaveBy(table: Record<string, AppBehaviour>): void {
  fake.behaviour = (deployment) => {
    const build = buildOf(deployment);
    const match = Object.keys(table).find((name) => build.includes(`/${name}/`));
    return match ? table[match] : { kind: 'serve' };
  };
}

function messages(lines: RuntimeLogLine[], source?: RuntimeLogLine['source']): string[] {
  return lines.filter((l) => !source || l.source === source).map((l) => l.message);
}

function runningPod(): string {
  const pod = fake.podsOf(NAME).find((p) => p.status?.containerStatuses?.[0]?.state?.running);
  if (!pod?.metadata?.name) throw new Error('no running pod');
  return pod.metadata.name;
}

describe('KubernetesDriver on a (fake) cluster', () => {
  it('creates a variant, waits for it to be ready, reports it, streams its logs, redeploys it and stops it', async () => {
    behaveBy({
      'imp-1': { kind: 'serve', lines: ['listening on 8080', '{"level":50,"msg":"cache cold"}'] },
      'imp-2': { kind: 'serve', lines: ['v2 listening on 8080'] },
    });
    const lines: RuntimeLogLine[] = [];
    const k8s = driver();

    const handle = await k8s.start(variant('imp-1', lines));
    expect(handle).toMatchObject({
      key: KEY,
      state: 'RUNNING',
      host: `${NAME}.${NS}.svc.cluster.local`,
      port: 80,
      endpoint: `http://${NAME}.${NS}.svc.cluster.local:80`,
      isolation: 'CLUSTER',
      pid: null,
      restarts: 0,
      lastExitCode: null,
      lastError: null,
    });
    expect(handle.readyAt).toBeInstanceOf(Date);
    // Server-side apply of the three objects, as the hosting-worker field manager.
    const applies = fake.requests.filter((r) => r.method === 'PATCH');
    expect(applies.map((r) => r.path)).toEqual([
      `/api/v1/namespaces/${NS}/secrets/${secretName(KEY)}`,
      `/apis/apps/v1/namespaces/${NS}/deployments/${NAME}`,
      `/api/v1/namespaces/${NS}/services/${NAME}`,
    ]);
    for (const r of applies) {
      expect([r.contentType, r.query.get('fieldManager'), r.query.get('force')]).toEqual([
        'application/apply-patch+yaml',
        'hosting-worker',
        'true',
      ]);
    }

    expect(await k8s.status(KEY)).toMatchObject({ state: 'RUNNING', restarts: 0 });
    expect((await k8s.list()).map((s) => [s.key, s.state])).toEqual([[KEY, 'RUNNING']]);

    // The app's own lines, levels from the line (a pino error stays ERROR), source STDOUT.
    await waitFor(() => messages(lines, 'STDOUT').length >= 2, { what: 'first log lines' });
    expect(lines.filter((l) => l.source === 'STDOUT').map((l) => [l.level, l.message])).toEqual([
      ['INFO', 'listening on 8080'],
      ['ERROR', '{"level":50,"msg":"cache cold"}'],
    ]);
    const firstPod = runningPod();
    fake.write(firstPod, 'GET / 200');
    await waitFor(() => messages(lines).includes('GET / 200'), { what: 'a line written while followed' });

    // Redeploy: a new build rolls a new pod; the old one goes once the new one is ready.
    const redeployed = await k8s.start(variant('imp-2', lines));
    expect(redeployed.state).toBe('RUNNING');
    await waitFor(() => fake.podsOf(NAME).length === 1, { what: 'old pod gone' });
    expect(runningPod()).not.toBe(firstPod);
    await waitFor(() => messages(lines).includes('v2 listening on 8080'), { what: 'the new pod logs' });
    expect(messages(lines, 'STDOUT').filter((m) => m === 'GET / 200')).toHaveLength(1);
    // The driver reports pods as its poll sees them: wait for the lines, then check them.
    const redeployLines = [`ready at http://${NAME}.${NS}.svc.cluster.local:80`, `pod ${firstPod} gone`];
    await waitFor(() => redeployLines.every((l) => messages(lines, 'SYSTEM').includes(l)), {
      what: 'the SYSTEM lines of the redeploy',
    });
    expect(messages(lines, 'SYSTEM')).toEqual(expect.arrayContaining(redeployLines));

    await k8s.stop(KEY);
    expect(fake.object('Deployment', NS, NAME)).toBeUndefined();
    expect(fake.object('Service', NS, NAME)).toBeUndefined();
    expect(fake.object('Secret', NS, secretName(KEY))).toBeUndefined();
    expect(await k8s.status(KEY)).toMatchObject({ state: 'STOPPED', endpoint: null, isolation: null });
    expect(await k8s.list()).toEqual([]);
  });

  it('restarts with a rollout restart (a new pod, the old one gone), scales by replicas, reports pods as instances', async () => {
    const lines: RuntimeLogLine[] = [];
    const k8s = driver();
    const started = await k8s.start(variant('imp-1', lines, { instances: 2 }));
    const first = runningPod();
    expect(started.instances.map((i) => [i.index, i.id, i.state])).toEqual([[0, first, 'RUNNING']]);
    expect(started.endpoints).toEqual([started.endpoint]);
    const template = () => (fake.object('Deployment', NS, NAME) as IDeployment | undefined)?.spec;

    const restarted = await k8s.restart(variant('imp-1', lines, { instances: 2 }));
    expect(restarted.state).toBe('RUNNING');
    const restartedAt = template()?.template.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt'];
    expect(restartedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await waitFor(() => fake.podsOf(NAME).length === 1 && runningPod() !== first, {
      what: 'the pod replaced',
    });

    await k8s.scale(KEY, 3);
    expect(template()?.replicas).toBe(3);
    // Scaling keeps the restart annotation: no second rollout.
    expect(template()?.template.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']).toBe(
      restartedAt,
    );
    expect(await k8s.scale({ appId: 'NODEJS-unknown01', variant: 'PREVIEW' }, 2)).toMatchObject({
      state: 'STOPPED',
    });
  });

  it('reports a crash loop as RESTARTING then FAILED with restarts and exit codes, and rejects start()', async () => {
    behaveBy({ 'imp-1': { kind: 'crash', exitCode: 3, lines: ['Error: Cannot find module ./db'] } });
    const lines: RuntimeLogLine[] = [];
    const k8s = driver();
    const started = k8s.start(variant('imp-1', lines));
    started.catch(() => undefined);

    const restarting = await waitFor(
      async () => {
        const s = await k8s.status(KEY);
        return s.state === 'RESTARTING' ? s : undefined;
      },
      { what: 'RESTARTING' },
    );
    // The fake cluster restarts on its own clock: a loaded machine may first see a later restart.
    expect(restarting).toMatchObject({ lastExitCode: 3, endpoint: null });
    expect(restarting.restarts).toBeGreaterThanOrEqual(1);

    await expect(started).rejects.toThrow(RuntimeStartError);
    const reason = await started.then(
      () => '',
      (error: Error) => error.message,
    );
    // The reason describes the pod as the driver last saw it: backing off (CrashLoopBackOff), just
    // exited, or started again and not ready yet; always with its restarts and its last exit.
    const pattern =
      /container app (?:CrashLoopBackOff|exited|runs but is not ready).*\((\d+) restarts, last exit code 3 \(Error\)\)/;
    expect(reason).toMatch(pattern);
    expect(Number(pattern.exec(reason)?.[1])).toBeGreaterThanOrEqual(3);
    const failed = await k8s.status(KEY);
    expect(failed).toMatchObject({ state: 'FAILED', lastExitCode: 3, isolation: 'CLUSTER' });
    expect(failed.restarts).toBeGreaterThanOrEqual(3);
    // Every instance's last words reach the log, and each restart is a SYSTEM line.
    await waitFor(() => messages(lines, 'STDOUT').filter((m) => m.startsWith('Error:')).length >= 3, {
      what: 'the crash output of three instances',
    });
    // One SYSTEM line per restart the driver saw (a poll may see two at once on a loaded machine).
    const restartLines = lines.filter((l) =>
      /^container app of pod .* exited with exit code 3 \(Error\); restart \d+$/.test(l.message),
    );
    expect(restartLines.length).toBeGreaterThan(0);
    expect(restartLines.every((l) => l.source === 'SYSTEM' && l.level === 'WARN')).toBe(true);
  });

  it('times a start out with the reason when the readiness probe keeps failing', async () => {
    behaveBy({ 'imp-1': { kind: 'unready', lines: ['starting…'] } });
    const lines: RuntimeLogLine[] = [];
    // Long enough for the pod to be running on a loaded machine, so the reason names the probe.
    const k8s = driver({ startupTimeoutMs: 2000 });

    await expect(k8s.start(variant('imp-1', lines))).rejects.toThrow(
      "not ready within 2000 ms: container app runs but is not ready: its readiness probe (TCP on the app's port) fails (0 restarts)",
    );
    expect(await k8s.status(KEY)).toMatchObject({ state: 'STARTING', endpoint: null, restarts: 0 });
    expect(lines.at(-1)).toMatchObject({ source: 'SYSTEM', level: 'ERROR' });
  });

  it('keeps streaming the logs of the pod that replaces a deleted one, without repeating a line', async () => {
    const lines: RuntimeLogLine[] = [];
    const k8s = driver();
    await k8s.start(variant('imp-1', lines));
    const first = runningPod();
    fake.write(first, 'before');
    await waitFor(() => messages(lines).includes('before'), { what: 'line of the first pod' });

    fake.deletePod(first);
    const second = await waitFor(
      () => {
        const pod = fake
          .podsOf(NAME)
          .find((p) => p.metadata?.name !== first && p.status?.containerStatuses?.[0]?.ready);
        return pod?.metadata?.name;
      },
      { what: 'replacement pod ready' },
    );
    fake.write(second, 'after');
    await waitFor(() => messages(lines).includes('after'), { what: 'line of the replacement pod' });
    expect(messages(lines, 'STDOUT').filter((m) => m === 'before')).toHaveLength(1);
    const replacementLines = [`pod ${first} gone`, `pod ${second} created`, `pod ${second} ready`];
    await waitFor(() => replacementLines.every((l) => messages(lines, 'SYSTEM').includes(l)), {
      what: 'the SYSTEM lines of the replacement',
    });
    expect(messages(lines, 'SYSTEM')).toEqual(expect.arrayContaining(replacementLines));
    await waitFor(async () => (await k8s.status(KEY)).state === 'RUNNING', { what: 'RUNNING again' });
  });

  it('lets a new worker adopt a running variant without writing its Deployment, with status and new logs', async () => {
    const before: RuntimeLogLine[] = [];
    const first = driver();
    await first.start(variant('imp-1', before));
    fake.write(runningPod(), 'served by the first worker');
    await waitFor(() => messages(before).includes('served by the first worker'), {
      what: 'first worker logs',
    });

    // The first worker goes away (shutdown: stopAll releases), a second one adopts.
    await first.stopAll();
    expect(await first.list()).toEqual([]);
    expect(fake.object('Deployment', NS, NAME)).toBeDefined();
    const writes = fake.requests.filter((r) => r.method !== 'GET').length;

    const after: RuntimeLogLine[] = [];
    const second = driver();
    const adopted = await second.adopt(variant('imp-1', after));
    expect(adopted).toMatchObject({
      state: 'RUNNING',
      restarts: 0,
      endpoint: `http://${NAME}.${NS}.svc.cluster.local:80`,
    });
    expect(fake.requests.filter((r) => r.method !== 'GET').length).toBe(writes);
    expect(fake.deploymentWrites().filter((r) => r.method === 'PATCH')).toHaveLength(1);

    fake.write(runningPod(), 'served after adoption');
    await waitFor(() => messages(after).includes('served after adoption'), { what: 'adopted logs' });
    // What the pod wrote before the adoption was the first worker's to store.
    expect(messages(after, 'STDOUT')).toEqual(['served after adoption']);
    expect(messages(after, 'SYSTEM')).toEqual([
      expect.stringMatching(/^adopted: attached to .*, nothing restarted$/),
    ]);
    expect(await second.status(KEY)).toMatchObject({ state: 'RUNNING' });
  });

  it('re-applies only the objects that are missing when it adopts', async () => {
    const k8s = driver();
    await k8s.start(variant('imp-1', []));
    await k8s.release(KEY);
    fake.deleteObject('Secret', NS, secretName(KEY));
    const patchesBefore = fake.requests.filter((r) => r.method === 'PATCH').length;

    const lines: RuntimeLogLine[] = [];
    await driver().adopt(variant('imp-1', lines));
    const patches = fake.requests.filter((r) => r.method === 'PATCH').slice(patchesBefore);
    expect(patches.map((r) => r.path)).toEqual([`/api/v1/namespaces/${NS}/secrets/${secretName(KEY)}`]);
    expect(fake.object('Secret', NS, secretName(KEY))).toBeDefined();
    expect(messages(lines, 'SYSTEM')).toContain('adopted; applied the missing Secret');
  });

  it('release() stops watching and leaves the objects running', async () => {
    const k8s = driver();
    await k8s.start(variant('imp-1', []));
    await k8s.release(KEY);
    expect(await k8s.list()).toEqual([]);
    expect(fake.object('Deployment', NS, NAME)).toBeDefined();
    expect(fake.object('Service', NS, NAME)).toBeDefined();
    expect(fake.object('Secret', NS, secretName(KEY))).toBeDefined();
    // status() still asks the API, attached or not.
    expect(await k8s.status(KEY)).toMatchObject({ state: 'RUNNING' });
  });

  it('reports an endpoint from the service URL template, which a local server can answer', async () => {
    const server = http.createServer((_req, res) => res.end('hello from the variant'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const k8s = driver({ serviceUrlTemplate: `http://127.0.0.1:${port}/{namespace}/{service}` });
      const handle = await k8s.start(variant('imp-1', []));
      expect(handle).toMatchObject({
        host: '127.0.0.1',
        port,
        endpoint: `http://127.0.0.1:${port}/${NS}/${NAME}`,
      });
      expect(await (await fetch(handle.endpoint ?? '')).text()).toBe('hello from the variant');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a build outside the data directory before any API call', async () => {
    const lines: RuntimeLogLine[] = [];
    await expect(driver().start(variant('imp-1', lines, { dir: '/tmp/elsewhere' }))).rejects.toThrow(
      new RuntimeStartError(
        KEY,
        'build directory /tmp/elsewhere is not inside the hosting data directory /var/lib/hosting: the builds volume only holds that',
      ),
    );
    expect(fake.requests).toEqual([]);
    expect(lines[0]).toMatchObject({ source: 'SYSTEM', level: 'ERROR' });
  });
});

describe('createKubernetesDriver', () => {
  it('builds a driver on the given cluster config, which reports an unknown variant as STOPPED', async () => {
    const k8s = await createKubernetesDriver({
      kubeConfig: fake.kubeConfig(),
      namespace: NS,
      runtimeImage: 'node:20.20.2-slim',
      buildsClaimName: 'hosting-builds',
      dataDir: DATA_DIR,
    });
    drivers.push(k8s);
    expect(k8s).toBeInstanceOf(KubernetesDriver);
    expect(await k8s.status(KEY)).toMatchObject({ state: 'STOPPED', endpoint: null, isolation: null });
  });
});

describe('the fake API server', () => {
  it('rejects with 422, as a real one, an object that fails the Kubernetes schema', async () => {
    const objects = KubernetesObjectApi.makeApiClient(fake.kubeConfig());
    const invalid = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken', namespace: NS },
      spec: { replicas: 'one', template: {} },
    };
    const error = await objects
      .patch(invalid, undefined, undefined, 'test', true, PatchStrategy.ServerSideApply)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiException);
    expect(describeApiError(error)).toBe(
      'Kubernetes API 422: Deployment "broken" is invalid: data/spec must have required property selector, data/spec/replicas must be integer',
    );
    expect(fake.object('Deployment', NS, 'broken')).toBeUndefined();
  });
});

describe('KubernetesDriver: custom domains', () => {
  it('applies the Ingress of an ACTIVE custom domain (schema-checked by the fake server), again unchanged, and removes it', async () => {
    const k8s = driver();
    await k8s.applyDomainIngress('shop.example.com', KEY, 'letsencrypt');
    await k8s.applyDomainIngress('shop.example.com', KEY, 'letsencrypt');
    const name = domainIngressName('shop.example.com');
    const stored = fake.object('Ingress', NS, name);
    expect(stored).toMatchObject({
      kind: 'Ingress',
      metadata: { annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' } },
      spec: {
        tls: [{ hosts: ['shop.example.com'], secretName: `${name}-tls` }],
        rules: [{ host: 'shop.example.com' }],
      },
    });
    await k8s.removeDomainIngress('shop.example.com');
    expect(fake.object('Ingress', NS, name)).toBeUndefined();
    await k8s.removeDomainIngress('shop.example.com'); // gone already: nothing to do
  });
});
