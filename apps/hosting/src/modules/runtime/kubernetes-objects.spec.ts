import {
  buildDeployment,
  buildSecret,
  buildService,
  buildVariantObjects,
  resourceName,
  secretKeyFor,
  type KubernetesObjectOptions,
} from './kubernetes-objects';
import type { VariantKey, VariantSpec } from './runtime-driver';

const KEY: VariantKey = { appId: 'NODEJS-V1StGXR8_Z', variant: 'PREVIEW' };
const NAME = 'app-nodejs-v1stgxr8-z-940be8-preview';

const OPTIONS: KubernetesObjectOptions = {
  namespace: 'hosted-apps',
  runtimeImage: 'node:20.20.2-slim',
  buildsClaimName: 'hosting-builds',
  dataDir: '/var/lib/hosting',
  startupTimeoutMs: 60_000,
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
  runAsNonRoot: true,
  capabilities: { drop: ['ALL'] },
};

function podSpecOf(s: VariantSpec = spec(), o: KubernetesObjectOptions = OPTIONS) {
  const pod = buildDeployment(s, o).toJSON().spec?.template.spec;
  if (!pod) throw new Error('no pod spec');
  return pod;
}

describe('Kubernetes objects of a variant', () => {
  it('names a variant with a DNS-1035 label that keeps the exact appId apart from its lower-cased twin', () => {
    expect(resourceName(KEY)).toBe(NAME);
    expect(resourceName({ appId: 'NODEJS-v1stgxr8_z', variant: 'PREVIEW' })).toBe(
      'app-nodejs-v1stgxr8-z-7d30aa-preview',
    );
    const long = resourceName({ appId: `NODEJS-${'x'.repeat(100)}_`, variant: 'PUBLISH' });
    expect(long.length).toBeLessThanOrEqual(63);
    for (const name of [NAME, long, resourceName({ appId: 'NODEJS--_-_-_-_-_', variant: 'PREVIEW' })]) {
      expect(name).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
    }
  });

  it('runs the pod non-root, without token, service links or capabilities, under RuntimeDefault seccomp', () => {
    const pod = podSpecOf();
    expect(pod).toMatchObject({
      automountServiceAccountToken: false,
      enableServiceLinks: false,
      securityContext: {
        runAsNonRoot: true,
        runAsUser: 10001,
        runAsGroup: 10001,
        fsGroup: 10001,
        seccompProfile: { type: 'RuntimeDefault' },
      },
    });
    for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
      expect({ name: container.name, securityContext: container.securityContext }).toEqual({
        name: container.name,
        securityContext: SECURITY,
      });
    }
  });

  it('copies the build from the read-only builds claim into the writable emptyDir the app runs in', () => {
    const pod = podSpecOf();
    expect(pod.initContainers).toEqual([
      {
        name: 'copy-build',
        image: 'node:20.20.2-slim',
        command: ['cp', '-R', '/build/.', '/app/'],
        workingDir: '/app',
        resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } },
        securityContext: SECURITY,
        volumeMounts: [
          {
            name: 'build',
            mountPath: '/build',
            subPath: 'builds/NODEJS-V1StGXR8_Z/imp-1/app',
            readOnly: true,
          },
          { name: 'app', mountPath: '/app' },
        ],
      },
    ]);
    expect(pod.volumes).toEqual([
      { name: 'build', persistentVolumeClaim: { claimName: 'hosting-builds', readOnly: true } },
      { name: 'app', emptyDir: { sizeLimit: '1Gi' } },
    ]);
    expect(pod.containers[0].volumeMounts).toEqual([{ name: 'app', mountPath: '/app' }]);
  });

  it('runs node confined to /app with the plan as requests and limits, PORT fixed and secrets from the Secret', () => {
    const app = podSpecOf().containers[0];
    expect(app.command).toEqual([
      'node',
      '--max-old-space-size=192',
      '--max-semi-space-size=4',
      '--experimental-permission',
      '--allow-fs-read=/app',
      '--allow-fs-write=/app',
      '--disable-warning=ExperimentalWarning',
      'dist/server.js',
    ]);
    expect(app.env).toEqual([
      { name: 'PORT', value: '8080' },
      { name: 'NODE_ENV', value: 'production' },
      { name: 'HOME', value: '/app' },
      { name: 'API_KEY', valueFrom: { secretKeyRef: { name: `${NAME}-env`, key: 'API_KEY' } } },
      { name: 'db/url', valueFrom: { secretKeyRef: { name: `${NAME}-env`, key: 'x-64622f75726c' } } },
    ]);
    expect(app.resources).toEqual({
      requests: { cpu: '50m', memory: '256Mi' },
      limits: { cpu: '250m', memory: '256Mi' },
    });
    expect(app.ports).toEqual([{ name: 'http', containerPort: 8080, protocol: 'TCP' }]);
    expect(app.startupProbe).toEqual({ tcpSocket: { port: 'http' }, periodSeconds: 1, failureThreshold: 60 });
    expect(app.readinessProbe).toEqual({
      tcpSocket: { port: 'http' },
      periodSeconds: 2,
      failureThreshold: 3,
    });
    expect(app.livenessProbe).toEqual({
      tcpSocket: { port: 'http' },
      periodSeconds: 10,
      failureThreshold: 3,
    });
  });

  it('runs npm start with the heap bound in NODE_OPTIONS and no permission flags', () => {
    const app = podSpecOf(spec({ startCommand: { command: 'npm', args: ['start'] }, env: {} })).containers[0];
    expect(app.command).toEqual(['npm', 'start']);
    expect(app.env).toEqual([
      { name: 'PORT', value: '8080' },
      { name: 'NODE_ENV', value: 'production' },
      { name: 'HOME', value: '/app' },
      { name: 'NODE_OPTIONS', value: '--max-old-space-size=192 --max-semi-space-size=4' },
      { name: 'npm_config_update_notifier', value: 'false' },
    ]);
  });

  it('uses the stable permission flag for a newer runtime image and the default CPU limit', () => {
    const app = podSpecOf(spec({ cpuMillicores: undefined }), {
      ...OPTIONS,
      runtimeImage: 'node:24-slim',
      permissionFlag: '--permission',
    }).containers[0];
    expect(app.command).toContain('--permission');
    expect(app.command).not.toContain('--disable-warning=ExperimentalWarning');
    expect(app.resources?.limits?.cpu).toBe('500m');
  });

  it('changes the config hash when what the app runs with changes, and only then', () => {
    const hash = (s: VariantSpec, o: KubernetesObjectOptions = OPTIONS) =>
      buildVariantObjects(s, o).configHash;
    const base = hash(spec());
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(hash(spec({ onLog: (l) => void l }))).toBe(base);
    expect(hash(spec({ env: { API_KEY: 'k-456', 'db/url': 'postgres://app' } }))).not.toBe(base);
    expect(hash(spec({ dir: '/var/lib/hosting/builds/NODEJS-V1StGXR8_Z/imp-2/app' }))).not.toBe(base);
    expect(hash(spec({ memoryMb: 512 }))).not.toBe(base);
    expect(hash(spec(), { ...OPTIONS, configHashKey: 'k' })).not.toBe(base);
  });

  it('runs `instances` replicas, gates traffic on the health check and gives old pods its grace period', () => {
    const check = { path: '/healthz?deep=1', intervalS: 5, timeoutS: 3, graceS: 45 };
    const deployment = buildDeployment(spec({ instances: 4, healthCheck: check }), OPTIONS).toJSON();
    expect(deployment.spec?.replicas).toBe(4);
    expect(deployment.spec?.strategy).toEqual({
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
    const pod = podSpecOf(spec({ instances: 4, healthCheck: check }));
    expect(pod.terminationGracePeriodSeconds).toBe(45);
    expect(pod.containers[0].readinessProbe).toEqual({
      httpGet: { path: '/healthz?deep=1', port: 'http' },
      periodSeconds: 5,
      timeoutSeconds: 3,
      failureThreshold: 3,
    });
    // Without a check: one replica, a TCP probe, 10 s.
    const plain = podSpecOf();
    expect(buildDeployment(spec(), OPTIONS).toJSON().spec?.replicas).toBe(1);
    expect(plain.containers[0].readinessProbe).toEqual({
      tcpSocket: { port: 'http' },
      periodSeconds: 2,
      failureThreshold: 3,
    });
    expect(plain.terminationGracePeriodSeconds).toBe(10);
  });

  it('rolls the pods on a restart (restartedAt annotation) or a new health check, not on a change of replicas', () => {
    const hash = (s: Parameters<typeof buildVariantObjects>[0]) => buildVariantObjects(s, OPTIONS).configHash;
    const base = hash(spec());
    expect(hash(spec({ instances: 3 }))).toBe(base);
    expect(hash(spec({ healthCheck: { path: '/h', intervalS: 1, timeoutS: 1, graceS: 0 } }))).not.toBe(base);
    const restarted = { ...spec(), restartedAt: '2026-11-29T08:00:00.000Z' };
    expect(hash(restarted)).not.toBe(base);
    const template = buildDeployment(restarted, OPTIONS).toJSON().spec?.template.metadata?.annotations;
    expect(template?.['kubectl.kubernetes.io/restartedAt']).toBe('2026-11-29T08:00:00.000Z');
    expect(buildDeployment(spec(), OPTIONS).toJSON().spec?.template.metadata?.annotations).not.toHaveProperty(
      'kubectl.kubernetes.io/restartedAt',
    );
  });

  it('refuses a build outside the data directory, sandbox-widening node flags and other commands', () => {
    expect(() => buildDeployment(spec({ dir: '/etc' }), OPTIONS)).toThrow(
      'build directory /etc is not inside the hosting data directory /var/lib/hosting',
    );
    expect(() => buildDeployment(spec({ dir: '/var/lib/hosting' }), OPTIONS)).toThrow('is not inside');
    expect(() => buildDeployment(spec({ dir: '/var/lib/hosting-other/x' }), OPTIONS)).toThrow(
      'is not inside',
    );
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

  it('refuses, through the Kubernetes schema, an object the API server would reject', () => {
    expect(() => buildVariantObjects(spec(), { ...OPTIONS, runAsUser: 1.5 })).toThrow(
      /runAsUser must be integer/,
    );
  });

  it('builds the Service on port 80 and the Secret without the reserved names', () => {
    expect(buildService(KEY, 'hosted-apps').toJSON()).toEqual({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: NAME, namespace: 'hosted-apps', labels: LABELS, annotations: ANNOTATIONS },
      spec: {
        type: 'ClusterIP',
        selector: SELECTOR,
        ports: [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }],
      },
    });
    expect(
      buildSecret(KEY, { 'db/url': 'postgres://app', API_KEY: 'k-123', PORT: '1' }, 'hosted-apps').toJSON(),
    ).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: `${NAME}-env`, namespace: 'hosted-apps', labels: LABELS, annotations: ANNOTATIONS },
      type: 'Opaque',
      data: { API_KEY: 'ay0xMjM=', 'x-64622f75726c': 'cG9zdGdyZXM6Ly9hcHA=' },
    });
    expect(secretKeyFor('a.b-c_D9')).toBe('a.b-c_D9');
    expect(secretKeyFor('a+b@c')).toBe(`x-${Buffer.from('a+b@c').toString('hex')}`);
  });
});
