import {
  KubernetesDriver,
  buildDeployment,
  buildSecret,
  buildService,
  resourceName,
  secretKeyFor,
  stateOf,
  type Deployment,
  type DeploymentState,
  type KubernetesApi,
  type KubernetesDriverOptions,
  type Secret,
  type Service,
} from './kubernetes-driver';
import { RuntimeStartError, type RuntimeLogLine, type VariantKey, type VariantSpec } from './runtime-driver';

const KEY: VariantKey = { appId: 'NODEJS-V1StGXR8_Z', variant: 'PREVIEW' };
const NAME = 'app-nodejs-v1stgxr8-z-940be8-preview';

const OPTIONS: KubernetesDriverOptions = {
  namespace: 'hosted-apps',
  runtimeImage: 'node:20.20.2-slim',
  buildsClaimName: 'hosting-builds',
  buildsRoot: '/var/lib/hosting/builds',
  startupTimeoutMs: 60_000,
  pollIntervalMs: 2000,
};

function spec(overrides: Partial<VariantSpec> = {}): VariantSpec {
  return {
    key: KEY,
    dir: '/var/lib/hosting/builds/NODEJS-V1StGXR8_Z/imp-1/app',
    startCommand: { command: 'node', args: ['dist/server.js'] },
    env: { API_KEY: 'k-123', 'db/url': 'postgres://app' },
    memoryMb: 256,
    cpuMillicores: 250,
    onLog: () => undefined,
    ...overrides,
  };
}

const LABELS = {
  'app.kubernetes.io/name': NAME,
  'hosting.platform/variant': 'preview',
  'app.kubernetes.io/component': 'hosted-app',
  'app.kubernetes.io/managed-by': 'hosting',
};
const SELECTOR = { 'app.kubernetes.io/name': NAME, 'hosting.platform/variant': 'preview' };
const ANNOTATIONS = { 'hosting.platform/app-id': 'NODEJS-V1StGXR8_Z', 'hosting.platform/variant': 'PREVIEW' };
const SECURITY = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/** The Deployment recorded for `spec()`: what the API server receives, field for field. */
/** The config hash recorded for `spec()` with OPTIONS (sha256 of path, command, secrets, limits, image). */
const RECORDED_HASH = 'e6a50b428d7530b4';

const EXPECTED_DEPLOYMENT: Deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: NAME, namespace: 'hosted-apps', labels: LABELS, annotations: ANNOTATIONS },
  spec: {
    replicas: 1,
    revisionHistoryLimit: 2,
    progressDeadlineSeconds: 120,
    selector: { matchLabels: SELECTOR },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
    template: {
      metadata: {
        labels: LABELS,
        annotations: { ...ANNOTATIONS, 'hosting.platform/config-hash': RECORDED_HASH },
      },
      spec: {
        automountServiceAccountToken: false,
        enableServiceLinks: false,
        terminationGracePeriodSeconds: 10,
        securityContext: {
          runAsNonRoot: true,
          runAsUser: 10001,
          runAsGroup: 10001,
          fsGroup: 10001,
          seccompProfile: { type: 'RuntimeDefault' },
        },
        initContainers: [
          {
            name: 'copy-build',
            image: 'node:20.20.2-slim',
            command: ['cp', '-R', '/build/.', '/app/'],
            workingDir: '/app',
            resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
            securityContext: SECURITY,
            volumeMounts: [
              { name: 'build', mountPath: '/build', subPath: 'NODEJS-V1StGXR8_Z/imp-1/app', readOnly: true },
              { name: 'app', mountPath: '/app' },
            ],
          },
        ],
        containers: [
          {
            name: 'app',
            image: 'node:20.20.2-slim',
            command: [
              'node',
              '--max-old-space-size=192',
              '--max-semi-space-size=4',
              '--experimental-permission',
              '--allow-fs-read=/app',
              '--allow-fs-write=/app',
              '--disable-warning=ExperimentalWarning',
              'dist/server.js',
            ],
            workingDir: '/app',
            env: [
              { name: 'PORT', value: '8080' },
              { name: 'NODE_ENV', value: 'production' },
              { name: 'HOME', value: '/app' },
              { name: 'API_KEY', valueFrom: { secretKeyRef: { name: `${NAME}-env`, key: 'API_KEY' } } },
              { name: 'db/url', valueFrom: { secretKeyRef: { name: `${NAME}-env`, key: 'x-64622f75726c' } } },
            ],
            ports: [{ name: 'http', containerPort: 8080 }],
            startupProbe: { tcpSocket: { port: 'http' }, periodSeconds: 1, failureThreshold: 60 },
            readinessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 2, failureThreshold: 3 },
            livenessProbe: { tcpSocket: { port: 'http' }, periodSeconds: 10, failureThreshold: 3 },
            resources: {
              requests: { cpu: '50m', memory: '256Mi' },
              limits: { cpu: '250m', memory: '256Mi' },
            },
            securityContext: SECURITY,
            volumeMounts: [{ name: 'app', mountPath: '/app' }],
          },
        ],
        volumes: [
          { name: 'build', persistentVolumeClaim: { claimName: 'hosting-builds', readOnly: true } },
          { name: 'app', emptyDir: { sizeLimit: '1Gi' } },
        ],
      },
    },
  },
};

const EXPECTED_SERVICE: Service = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: NAME, namespace: 'hosted-apps', labels: LABELS, annotations: ANNOTATIONS },
  spec: {
    type: 'ClusterIP',
    selector: SELECTOR,
    ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
  },
};

const EXPECTED_SECRET: Secret = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: `${NAME}-env`, namespace: 'hosted-apps', labels: LABELS, annotations: ANNOTATIONS },
  type: 'Opaque',
  data: { API_KEY: 'ay0xMjM=', 'x-64622f75726c': 'cG9zdGdyZXM6Ly9hcHA=' },
};

function deploymentState(overrides: Partial<DeploymentState> = {}): DeploymentState {
  return {
    name: NAME,
    annotations: ANNOTATIONS,
    generation: 2,
    observedGeneration: 2,
    replicas: 1,
    readyReplicas: 1,
    updatedReplicas: 1,
    conditions: [{ type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' }],
    restartCount: 0,
    lastExitCode: null,
    startedAt: new Date('2026-11-22T10:00:00Z'),
    ...overrides,
  };
}

/** Records every call; readDeploymentStatus answers from a queue (the last one repeats). */
class RecordingKubernetesApi implements KubernetesApi {
  readonly calls: Array<[string, ...unknown[]]> = [];
  constructor(
    private readonly states: Array<DeploymentState | null> = [],
    private readonly listed: DeploymentState[] = [],
  ) {}

  async createOrReplaceSecret(namespace: string, body: Secret) {
    this.calls.push(['createOrReplaceSecret', namespace, body]);
  }
  async createOrReplaceDeployment(namespace: string, body: Deployment) {
    this.calls.push(['createOrReplaceDeployment', namespace, body]);
  }
  async createOrReplaceService(namespace: string, body: Service) {
    this.calls.push(['createOrReplaceService', namespace, body]);
  }
  async deleteDeployment(namespace: string, name: string) {
    this.calls.push(['deleteDeployment', namespace, name]);
  }
  async deleteService(namespace: string, name: string) {
    this.calls.push(['deleteService', namespace, name]);
  }
  async deleteSecret(namespace: string, name: string) {
    this.calls.push(['deleteSecret', namespace, name]);
  }
  async readDeploymentStatus(namespace: string, name: string) {
    this.calls.push(['readDeploymentStatus', namespace, name]);
    return (this.states.length > 1 ? this.states.shift() : this.states[0]) ?? null;
  }
  async listDeploymentStates(namespace: string, labelSelector: string) {
    this.calls.push(['listDeploymentStates', namespace, labelSelector]);
    return this.listed;
  }
}

/** A clock that only moves when the driver sleeps. */
function fakeTime() {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('Kubernetes manifests', () => {
  it('names a variant with a DNS-1035 label that keeps the exact appId apart from its lower-cased twin', () => {
    expect(resourceName(KEY)).toBe(NAME);
    expect(resourceName({ appId: 'NODEJS-v1stgxr8_z', variant: 'PREVIEW' })).toBe(
      'app-nodejs-v1stgxr8-z-7d30aa-preview',
    );
    expect(resourceName({ ...KEY, variant: 'PUBLISH' })).toBe('app-nodejs-v1stgxr8-z-940be8-publish');
    const long = resourceName({ appId: `NODEJS-${'x'.repeat(100)}_`, variant: 'PUBLISH' });
    expect(long.length).toBeLessThanOrEqual(63);
    for (const name of [NAME, long, resourceName({ appId: 'NODEJS--_-_-_-_-_', variant: 'PREVIEW' })]) {
      expect(name).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
    }
  });

  it('builds the recorded Deployment for a node start command', () => {
    expect(buildDeployment(spec(), OPTIONS)).toEqual(EXPECTED_DEPLOYMENT);
  });

  it('changes the config hash when what the app runs with changes, and only then', () => {
    const hash = (s: VariantSpec, o: KubernetesDriverOptions = OPTIONS) =>
      buildDeployment(s, o).spec.template.metadata.annotations['hosting.platform/config-hash'];
    const base = hash(spec());
    expect(hash(spec())).toBe(base);
    expect(hash(spec({ onLog: (l) => void l }))).toBe(base);
    expect(hash(spec({ env: { API_KEY: 'k-456', 'db/url': 'postgres://app' } }))).not.toBe(base);
    expect(hash(spec({ dir: '/var/lib/hosting/builds/NODEJS-V1StGXR8_Z/imp-2/app' }))).not.toBe(base);
    expect(hash(spec({ memoryMb: 512 }))).not.toBe(base);
    expect(hash(spec(), { ...OPTIONS, configHashKey: 'k' })).not.toBe(base);
  });

  it('runs npm start with the heap bound in NODE_OPTIONS and no permission flags', () => {
    const deployment = buildDeployment(
      spec({ startCommand: { command: 'npm', args: ['start'] }, env: {} }),
      OPTIONS,
    );
    const container = deployment.spec.template.spec.containers[0];
    expect(container.command).toEqual(['npm', 'start']);
    expect(container.env).toEqual([
      { name: 'PORT', value: '8080' },
      { name: 'NODE_ENV', value: 'production' },
      { name: 'HOME', value: '/app' },
      { name: 'NODE_OPTIONS', value: '--max-old-space-size=192 --max-semi-space-size=4' },
      { name: 'npm_config_update_notifier', value: 'false' },
    ]);
  });

  it('uses the stable permission flag for a newer runtime image and the default CPU limit', () => {
    const deployment = buildDeployment(spec({ cpuMillicores: undefined }), {
      ...OPTIONS,
      runtimeImage: 'node:24-slim',
      permissionFlag: '--permission',
    });
    const container = deployment.spec.template.spec.containers[0];
    expect(container.command).toEqual([
      'node',
      '--max-old-space-size=192',
      '--max-semi-space-size=4',
      '--permission',
      '--allow-fs-read=/app',
      '--allow-fs-write=/app',
      'dist/server.js',
    ]);
    expect(container.resources.limits.cpu).toBe('500m');
  });

  it('refuses a build outside the builds volume, sandbox-widening node flags and other commands', () => {
    expect(() => buildDeployment(spec({ dir: '/etc' }), OPTIONS)).toThrow('is not inside the builds volume');
    expect(() => buildDeployment(spec({ dir: '/var/lib/hosting/builds' }), OPTIONS)).toThrow('is not inside');
    expect(() =>
      buildDeployment(
        spec({ startCommand: { command: 'node', args: ['--allow-fs-read=/', 'x.js'] } }),
        OPTIONS,
      ),
    ).toThrow('node flag --allow-fs-read=/ is not allowed');
    expect(() => buildDeployment(spec({ startCommand: { command: 'bash', args: [] } }), OPTIONS)).toThrow(
      'only node and npm',
    );
  });

  it('builds the recorded Service and Secret; reserved names stay out of the Secret', () => {
    expect(buildService(KEY, 'hosted-apps')).toEqual(EXPECTED_SERVICE);
    expect(
      buildSecret(KEY, { 'db/url': 'postgres://app', API_KEY: 'k-123', PORT: '1' }, 'hosted-apps'),
    ).toEqual(EXPECTED_SECRET);
    expect(secretKeyFor('a.b-c_D9')).toBe('a.b-c_D9');
    expect(secretKeyFor('a+b@c')).toBe(`x-${Buffer.from('a+b@c').toString('hex')}`);
  });

  it('maps a Deployment status to a runtime state', () => {
    expect(stateOf(null)).toBe('STOPPED');
    expect(stateOf(deploymentState())).toBe('RUNNING');
    expect(stateOf(deploymentState({ observedGeneration: 1 }))).toBe('STARTING');
    expect(stateOf(deploymentState({ readyReplicas: 0 }))).toBe('STARTING');
    expect(stateOf(deploymentState({ readyReplicas: 0, restartCount: 2 }))).toBe('RESTARTING');
    expect(
      stateOf(
        deploymentState({
          readyReplicas: 0,
          conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
        }),
      ),
    ).toBe('FAILED');
  });
});

describe('KubernetesDriver', () => {
  it('applies Secret, Deployment and Service, then polls the rollout until the pod is ready', async () => {
    const time = fakeTime();
    const api = new RecordingKubernetesApi([
      deploymentState({ readyReplicas: 0, updatedReplicas: 0, observedGeneration: 1 }),
      deploymentState(),
    ]);
    const logs: RuntimeLogLine[] = [];
    const driver = new KubernetesDriver(api, { ...OPTIONS, sleep: time.sleep, now: time.now });
    const handle = await driver.start(spec({ onLog: (l) => logs.push(l) }));

    expect(api.calls).toEqual([
      ['createOrReplaceSecret', 'hosted-apps', EXPECTED_SECRET],
      ['createOrReplaceDeployment', 'hosted-apps', EXPECTED_DEPLOYMENT],
      ['createOrReplaceService', 'hosted-apps', EXPECTED_SERVICE],
      ['readDeploymentStatus', 'hosted-apps', NAME],
      ['readDeploymentStatus', 'hosted-apps', NAME],
    ]);
    expect(time.sleeps).toEqual([2000]);
    expect(handle).toEqual({
      key: KEY,
      state: 'RUNNING',
      host: `${NAME}.hosted-apps.svc.cluster.local`,
      port: 80,
      pid: null,
      restarts: 0,
      startedAt: new Date('2026-11-22T10:00:00Z'),
      readyAt: null,
      lastExitCode: null,
      lastSignal: null,
      lastError: null,
    });
    expect(logs.map((l) => [l.source, l.level, l.message])).toEqual([
      ['SYSTEM', 'INFO', `applied Deployment and Service hosted-apps/${NAME}`],
      ['SYSTEM', 'INFO', `ready at http://${NAME}.hosted-apps.svc.cluster.local:80`],
    ]);
  });

  it('fails start() when the Deployment is gone during the rollout', async () => {
    const time = fakeTime();
    const driver = new KubernetesDriver(new RecordingKubernetesApi([null]), { ...OPTIONS, ...time });
    await expect(driver.start(spec())).rejects.toThrow('deployment disappeared during rollout');
  });

  it('rejects start() when the rollout exceeds its progress deadline or the startup timeout', async () => {
    const time = fakeTime();
    const failing = new RecordingKubernetesApi([
      deploymentState({
        readyReplicas: 0,
        restartCount: 4,
        lastExitCode: 1,
        conditions: [
          {
            type: 'Progressing',
            status: 'False',
            reason: 'ProgressDeadlineExceeded',
            message: `ReplicaSet "${NAME}-5d9" has timed out progressing.`,
          },
        ],
      }),
    ]);
    const driver = new KubernetesDriver(failing, { ...OPTIONS, sleep: time.sleep, now: time.now });
    await expect(driver.start(spec())).rejects.toThrow(
      new RuntimeStartError(KEY, `rollout failed: ReplicaSet "${NAME}-5d9" has timed out progressing.`),
    );
    expect(await driver.status(KEY)).toMatchObject({
      state: 'FAILED',
      restarts: 4,
      lastExitCode: 1,
      host: null,
    });

    const slow = new RecordingKubernetesApi([deploymentState({ readyReplicas: 0, restartCount: 1 })]);
    const slowTime = fakeTime();
    await expect(
      new KubernetesDriver(slow, { ...OPTIONS, sleep: slowTime.sleep, now: slowTime.now }).start(spec()),
    ).rejects.toThrow('not ready within 60000 ms');
    expect(slowTime.sleeps).toHaveLength(30);
  });

  it('makes no call for a spec it refuses', async () => {
    const api = new RecordingKubernetesApi();
    const logs: RuntimeLogLine[] = [];
    await expect(
      new KubernetesDriver(api, OPTIONS).start(spec({ dir: '/tmp/elsewhere', onLog: (l) => logs.push(l) })),
    ).rejects.toThrow(RuntimeStartError);
    expect(api.calls).toEqual([]);
    expect(logs[0]).toMatchObject({ source: 'SYSTEM', level: 'ERROR' });
  });

  it('stops a variant by deleting its Service, Deployment and Secret', async () => {
    const api = new RecordingKubernetesApi();
    await new KubernetesDriver(api, OPTIONS).stop(KEY);
    expect(api.calls).toEqual([
      ['deleteService', 'hosted-apps', NAME],
      ['deleteDeployment', 'hosted-apps', NAME],
      ['deleteSecret', 'hosted-apps', `${NAME}-env`],
    ]);
  });

  it('reports status, lists the variants it manages and stops them all', async () => {
    const publishName = 'app-nodejs-v1stgxr8-z-940be8-publish';
    const publish = deploymentState({
      name: publishName,
      annotations: { 'hosting.platform/app-id': 'NODEJS-V1StGXR8_Z', 'hosting.platform/variant': 'PUBLISH' },
      readyReplicas: 0,
      restartCount: 3,
      lastExitCode: 137,
    });
    const stranger = deploymentState({ name: 'stranger', annotations: {} });
    const api = new RecordingKubernetesApi([deploymentState()], [deploymentState(), publish, stranger]);
    const driver = new KubernetesDriver(api, OPTIONS);

    expect(await driver.status(KEY)).toMatchObject({ state: 'RUNNING', port: 80 });
    expect(
      (await driver.list()).map((s) => [s.key.appId, s.key.variant, s.state, s.restarts, s.lastExitCode]),
    ).toEqual([
      ['NODEJS-V1StGXR8_Z', 'PREVIEW', 'RUNNING', 0, null],
      ['NODEJS-V1StGXR8_Z', 'PUBLISH', 'RESTARTING', 3, 137],
    ]);
    api.calls.length = 0;
    await driver.stopAll();
    expect(api.calls).toEqual([
      ['listDeploymentStates', 'hosted-apps', 'app.kubernetes.io/managed-by=hosting'],
      ['deleteService', 'hosted-apps', NAME],
      ['deleteDeployment', 'hosted-apps', NAME],
      ['deleteSecret', 'hosted-apps', `${NAME}-env`],
      ['deleteService', 'hosted-apps', publishName],
      ['deleteDeployment', 'hosted-apps', publishName],
      ['deleteSecret', 'hosted-apps', `${publishName}-env`],
    ]);
  });

  it('reports a variant it does not find as STOPPED', async () => {
    const driver = new KubernetesDriver(new RecordingKubernetesApi([null]), OPTIONS);
    expect(await driver.status(KEY)).toMatchObject({ state: 'STOPPED', host: null, port: null });
  });
});
