import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { confinedNodeArgv, heapFlags, refusedNodeFlag, type PermissionFlag } from './node-command';
import {
  RuntimeStartError,
  secretsToEnv,
  stoppedStatus,
  type RuntimeDriver,
  type RuntimeLogLevel,
  type RuntimeState,
  type Variant,
  type VariantHandle,
  type VariantKey,
  type VariantRuntimeStatus,
  type VariantSpec,
} from './runtime-driver';

// ---- The few Kubernetes shapes the driver writes (a subset of apps/v1 and core/v1) ----------

export interface ObjectMeta {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef: { name: string; key: string } };
}

export interface Probe {
  tcpSocket: { port: string };
  periodSeconds: number;
  failureThreshold: number;
}

export interface Container {
  name: string;
  image: string;
  command: string[];
  workingDir: string;
  env?: EnvVar[];
  ports?: Array<{ name: string; containerPort: number }>;
  startupProbe?: Probe;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources: {
    requests: { cpu: string; memory: string };
    limits: { cpu: string; memory: string };
  };
  securityContext: {
    allowPrivilegeEscalation: boolean;
    readOnlyRootFilesystem: boolean;
    capabilities: { drop: string[] };
  };
  volumeMounts: Array<{ name: string; mountPath: string; subPath?: string; readOnly?: boolean }>;
}

export interface Deployment {
  apiVersion: 'apps/v1';
  kind: 'Deployment';
  metadata: ObjectMeta;
  spec: {
    replicas: 1;
    revisionHistoryLimit: number;
    progressDeadlineSeconds: number;
    selector: { matchLabels: Record<string, string> };
    strategy: { type: 'RollingUpdate'; rollingUpdate: { maxSurge: number; maxUnavailable: number } };
    template: {
      metadata: { labels: Record<string, string>; annotations: Record<string, string> };
      spec: {
        automountServiceAccountToken: false;
        enableServiceLinks: false;
        terminationGracePeriodSeconds: number;
        securityContext: {
          runAsNonRoot: true;
          runAsUser: number;
          runAsGroup: number;
          fsGroup: number;
          seccompProfile: { type: 'RuntimeDefault' };
        };
        initContainers: Container[];
        containers: Container[];
        volumes: Array<
          | { name: string; persistentVolumeClaim: { claimName: string; readOnly: true } }
          | { name: string; emptyDir: { sizeLimit: string } }
        >;
      };
    };
  };
}

export interface Service {
  apiVersion: 'v1';
  kind: 'Service';
  metadata: ObjectMeta;
  spec: {
    type: 'ClusterIP';
    selector: Record<string, string>;
    ports: Array<{ name: string; port: number; targetPort: string; protocol: 'TCP' }>;
  };
}

export interface Secret {
  apiVersion: 'v1';
  kind: 'Secret';
  metadata: ObjectMeta;
  type: 'Opaque';
  /** Base64 values. */
  data: Record<string, string>;
}

/** What the driver needs to know of a Deployment (and its pods). */
export interface DeploymentState {
  name: string;
  annotations: Record<string, string>;
  generation: number;
  observedGeneration: number;
  replicas: number;
  readyReplicas: number;
  updatedReplicas: number;
  conditions: Array<{
    type: string;
    status: 'True' | 'False' | 'Unknown';
    reason?: string;
    message?: string;
  }>;
  /** Container restarts summed over the Deployment's current pods. */
  restartCount: number;
  /** Exit code of the last terminated container of those pods, if any. */
  lastExitCode: number | null;
  /** When the newest pod started. */
  startedAt: Date | null;
}

/**
 * The Kubernetes calls the driver makes, injected so the driver is testable without a cluster and
 * without `@kubernetes/client-node` (ESM-only, not a dependency of this CommonJS workspace).
 * Deletes resolve when the object does not exist; reads resolve null.
 *
 * A thin adapter over `@kubernetes/client-node` (≥ 1.0, loaded with a dynamic `import()` from the
 * worker) implements it with server-side apply, which is create-or-replace in one idempotent call
 * that also keeps fields owned by others (a Service's clusterIP, which a plain PUT without it
 * would try to clear):
 *
 * ```ts
 * const k8s = await import('@kubernetes/client-node');
 * const kc = new k8s.KubeConfig(); kc.loadFromDefault(); // in-cluster: the worker's ServiceAccount
 * const apps = kc.makeApiClient(k8s.AppsV1Api), core = kc.makeApiClient(k8s.CoreV1Api);
 * const apply = k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.ServerSideApply);
 * const ssa = { fieldManager: 'hosting-worker', force: true };
 * const absent = (e: unknown) => e instanceof k8s.ApiException && e.code === 404;
 * const api: KubernetesApi = {
 *   createOrReplaceDeployment: async (namespace, body) => {
 *     await apps.patchNamespacedDeployment({ name: body.metadata.name, namespace, body, ...ssa }, apply);
 *   },
 *   createOrReplaceService: async (namespace, body) => {
 *     await core.patchNamespacedService({ name: body.metadata.name, namespace, body, ...ssa }, apply);
 *   },
 *   createOrReplaceSecret: async (namespace, body) => {
 *     await core.patchNamespacedSecret({ name: body.metadata.name, namespace, body, ...ssa }, apply);
 *   },
 *   deleteDeployment: (namespace, name) =>
 *     apps.deleteNamespacedDeployment({ name, namespace, propagationPolicy: 'Foreground' })
 *       .then(() => undefined, (e) => { if (!absent(e)) throw e; }),
 *   // deleteService, deleteSecret: core.deleteNamespacedService / deleteNamespacedSecret alike.
 *   readDeploymentStatus: async (namespace, name) => {
 *     let d; try { d = await apps.readNamespacedDeployment({ name, namespace }); }
 *     catch (e) { if (absent(e)) return null; throw e; }
 *     const selector = Object.entries(d.spec!.selector.matchLabels!).map(([k, v]) => `${k}=${v}`).join(',');
 *     const pods = await core.listNamespacedPod({ namespace, labelSelector: selector });
 *     // generation, status.{observedGeneration, replicas, readyReplicas, updatedReplicas, conditions},
 *     // restartCount = Σ pods[].status.containerStatuses[].restartCount,
 *     // lastExitCode = containerStatuses[].lastState.terminated.exitCode,
 *     // startedAt = the newest pod's status.startTime
 *     return toDeploymentState(d, pods.items);
 *   },
 *   listDeploymentStates: async (namespace, labelSelector) => {
 *     const list = await apps.listNamespacedDeployment({ namespace, labelSelector });
 *     return Promise.all(list.items.map((d) => api.readDeploymentStatus(namespace, d.metadata!.name!)))
 *       .then((states) => states.filter((s): s is DeploymentState => s !== null));
 *   },
 * };
 * ```
 *
 * The worker's ServiceAccount needs, in the apps' namespace only: deployments (get, list, patch,
 * delete), services and secrets (get, patch, delete), pods (list).
 */
export interface KubernetesApi {
  createOrReplaceSecret(namespace: string, body: Secret): Promise<void>;
  createOrReplaceDeployment(namespace: string, body: Deployment): Promise<void>;
  createOrReplaceService(namespace: string, body: Service): Promise<void>;
  deleteDeployment(namespace: string, name: string): Promise<void>;
  deleteService(namespace: string, name: string): Promise<void>;
  deleteSecret(namespace: string, name: string): Promise<void>;
  readDeploymentStatus(namespace: string, name: string): Promise<DeploymentState | null>;
  listDeploymentStates(namespace: string, labelSelector: string): Promise<DeploymentState[]>;
}

export interface KubernetesDriverOptions {
  /** The namespace of hosted apps: not the platform's (a NetworkPolicy keeps them apart). */
  namespace: string;
  /** Image apps run on; its Node decides the permission flag. */
  runtimeImage: string;
  /** ReadOnlyMany claim holding the builds, mounted by the worker at `buildsRoot`. */
  buildsClaimName: string;
  /** Where the worker sees that volume: every VariantSpec.dir must be inside it. */
  buildsRoot: string;
  /** The image's Node permission flag: `--experimental-permission` (Node 20) or `--permission` (≥ 22.13). */
  permissionFlag?: PermissionFlag | null;
  defaultCpuMillicores?: number;
  cpuRequestMillicores?: number;
  /** Size bound of the app's writable copy of its build. */
  appVolumeSizeLimit?: string;
  runAsUser?: number;
  /**
   * Key of the HMAC behind the config-hash annotation. Without it the annotation is a plain hash,
   * which lets whoever can read Deployments test guesses of a weak secret value.
   */
  configHashKey?: string;
  startupTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const CONTAINER_PORT = 8080;
export const SERVICE_PORT = 80;
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'hosting';
export const APP_ID_ANNOTATION = 'hosting.platform/app-id';
export const VARIANT_ANNOTATION = 'hosting.platform/variant';
export const CONFIG_HASH_ANNOTATION = 'hosting.platform/config-hash';

const APP_DIR = '/app';
const BUILD_DIR = '/build';

/**
 * The name of a variant's Deployment and Service: `app-<appId lower-cased>-<6 hex>-<variant>`,
 * a DNS-1035 label (a Service name must be one). Lower-casing loses the case of the nanoid, so the
 * hex (of SHA-256 of the exact appId) keeps `NODEJS-abc` and `NODEJS-ABC` apart; characters a
 * label cannot hold become `-`.
 */
export function resourceName(key: VariantKey): string {
  const hash = createHash('sha256').update(key.appId).digest('hex').slice(0, 6);
  const base = key.appId
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 63 - 'app--'.length - 7 - '-preview'.length);
  return `app-${base}-${hash}-${key.variant.toLowerCase()}`;
}

export function secretName(key: VariantKey): string {
  return `${resourceName(key)}-env`;
}

/** Labels select a variant's pods; the exact appId (which a label value may not hold) is an annotation. */
export function selectorLabels(key: VariantKey): Record<string, string> {
  return {
    'app.kubernetes.io/name': resourceName(key),
    'hosting.platform/variant': key.variant.toLowerCase(),
  };
}

function labels(key: VariantKey): Record<string, string> {
  return {
    ...selectorLabels(key),
    'app.kubernetes.io/component': 'hosted-app',
    [MANAGED_BY_LABEL]: MANAGED_BY,
  };
}

function annotations(key: VariantKey): Record<string, string> {
  return { [APP_ID_ANNOTATION]: key.appId, [VARIANT_ANNOTATION]: key.variant };
}

/** A Secret data key for a secret name: itself when Kubernetes allows it, else `x-<hex of the name>`. */
export function secretKeyFor(name: string): string {
  return /^[-._a-zA-Z0-9]{1,253}$/.test(name) ? name : `x-${Buffer.from(name, 'utf8').toString('hex')}`;
}

export function buildSecret(key: VariantKey, secrets: Record<string, string>, namespace: string): Secret {
  const { env } = secretsToEnv(secrets);
  const data: Record<string, string> = {};
  for (const name of Object.keys(env).sort())
    data[secretKeyFor(name)] = Buffer.from(env[name], 'utf8').toString('base64');
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: secretName(key), namespace, labels: labels(key), annotations: annotations(key) },
    type: 'Opaque',
    data,
  };
}

export function buildService(key: VariantKey, namespace: string): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: resourceName(key), namespace, labels: labels(key), annotations: annotations(key) },
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(key),
      ports: [{ name: 'http', port: SERVICE_PORT, targetPort: 'http', protocol: 'TCP' }],
    },
  };
}

/** The build directory as a path inside the builds volume; throws when it is outside. */
export function buildSubPath(dir: string, buildsRoot: string): string {
  const relative = path.relative(path.resolve(buildsRoot), path.resolve(dir));
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(`build directory ${dir} is not inside the builds volume ${buildsRoot}`);
  }
  return relative.split(path.sep).join('/');
}

/**
 * The Deployment of one variant. An init container copies the build from the read-only builds
 * volume into an emptyDir mounted at /app, so the app gets what the local driver gives it: its own
 * writable directory, HOME=/app, and for `node <file>` Node's permission model limited to /app.
 * The root filesystem is read-only, the process is a non-root uid without capabilities, no
 * ServiceAccount token is mounted and no service links are injected (Kubernetes would otherwise
 * put every Service of the namespace into the environment). Env: PORT, NODE_ENV, HOME (and
 * NODE_OPTIONS for npm start) as values, each secret as a secretKeyRef into the variant's Secret
 * (Kubernetes gives `env` precedence over anything else). Memory: requests = limits = memoryMb and
 * V8's heap sized from it; CPU: a hard limit of cpuMillicores (default 500m) enforced by the
 * kubelet's cgroup. Readiness: the port accepts TCP, as locally; the startup probe allows
 * startupTimeoutMs; a crashing container is restarted by the kubelet with its own exponential
 * backoff (10 s doubling to 5 min: CrashLoopBackOff).
 *
 * The `hosting.platform/config-hash` annotation of the pod template is a hash of everything that
 * should restart the app (build, command, secrets' values, limits): re-applying the same variant
 * changes nothing (no rollout), a changed secret value rolls the pods even though the Deployment
 * only references the Secret.
 */
export function buildDeployment(
  spec: Pick<VariantSpec, 'key' | 'dir' | 'startCommand' | 'env' | 'memoryMb' | 'cpuMillicores'>,
  options: KubernetesDriverOptions,
): Deployment {
  const { key, startCommand, memoryMb } = spec;
  const name = resourceName(key);
  const subPath = buildSubPath(spec.dir, options.buildsRoot);
  const permissionFlag =
    options.permissionFlag === undefined ? '--experimental-permission' : options.permissionFlag;
  const cpu = spec.cpuMillicores ?? options.defaultCpuMillicores ?? 500;
  const startupSeconds = Math.ceil((options.startupTimeoutMs ?? 120_000) / 1000);
  const runAs = options.runAsUser ?? 10001;

  let command: string[];
  const env: EnvVar[] = [
    { name: 'PORT', value: String(CONTAINER_PORT) },
    { name: 'NODE_ENV', value: 'production' },
    { name: 'HOME', value: APP_DIR },
  ];
  if (startCommand.command === 'node') {
    const refused = refusedNodeFlag(startCommand.args);
    if (refused) throw new Error(`start command refused: node flag ${refused} is not allowed`);
    command = [
      'node',
      ...confinedNodeArgv(startCommand.args, {
        dir: APP_DIR,
        memoryMb,
        permissionFlag,
        canDisableWarning: permissionFlag === '--experimental-permission',
      }),
    ];
  } else if (startCommand.command === 'npm') {
    command = ['npm', ...startCommand.args];
    env.push({ name: 'NODE_OPTIONS', value: heapFlags(memoryMb).join(' ') });
    env.push({ name: 'npm_config_update_notifier', value: 'false' });
  } else {
    throw new Error(`start command refused: ${startCommand.command} (only node and npm)`);
  }
  const { env: secrets } = secretsToEnv(spec.env);
  for (const secret of Object.keys(secrets).sort()) {
    env.push({
      name: secret,
      valueFrom: { secretKeyRef: { name: secretName(key), key: secretKeyFor(secret) } },
    });
  }

  const hashed = JSON.stringify([
    subPath,
    command,
    Object.entries(secrets).sort(),
    memoryMb,
    cpu,
    options.runtimeImage,
  ]);
  const configHash = (
    options.configHashKey ? createHmac('sha256', options.configHashKey) : createHash('sha256')
  )
    .update(hashed)
    .digest('hex')
    .slice(0, 16);
  const securityContext: Container['securityContext'] = {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    capabilities: { drop: ['ALL'] },
  };
  const tcp = (periodSeconds: number, failureThreshold: number): Probe => ({
    tcpSocket: { port: 'http' },
    periodSeconds,
    failureThreshold,
  });

  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: options.namespace, labels: labels(key), annotations: annotations(key) },
    spec: {
      replicas: 1,
      revisionHistoryLimit: 2,
      progressDeadlineSeconds: startupSeconds + 60,
      selector: { matchLabels: selectorLabels(key) },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: labels(key),
          annotations: { ...annotations(key), [CONFIG_HASH_ANNOTATION]: configHash },
        },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          terminationGracePeriodSeconds: 10,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: runAs,
            runAsGroup: runAs,
            fsGroup: runAs,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          initContainers: [
            {
              name: 'copy-build',
              image: options.runtimeImage,
              command: ['cp', '-R', `${BUILD_DIR}/.`, `${APP_DIR}/`],
              workingDir: APP_DIR,
              resources: {
                requests: { cpu: '50m', memory: '64Mi' },
                limits: { cpu: '500m', memory: '128Mi' },
              },
              securityContext,
              volumeMounts: [
                { name: 'build', mountPath: BUILD_DIR, subPath, readOnly: true },
                { name: 'app', mountPath: APP_DIR },
              ],
            },
          ],
          containers: [
            {
              name: 'app',
              image: options.runtimeImage,
              command,
              workingDir: APP_DIR,
              env,
              ports: [{ name: 'http', containerPort: CONTAINER_PORT }],
              startupProbe: tcp(1, startupSeconds),
              readinessProbe: tcp(2, 3),
              livenessProbe: tcp(10, 3),
              resources: {
                requests: { cpu: `${options.cpuRequestMillicores ?? 50}m`, memory: `${memoryMb}Mi` },
                limits: { cpu: `${cpu}m`, memory: `${memoryMb}Mi` },
              },
              securityContext,
              volumeMounts: [{ name: 'app', mountPath: APP_DIR }],
            },
          ],
          volumes: [
            { name: 'build', persistentVolumeClaim: { claimName: options.buildsClaimName, readOnly: true } },
            { name: 'app', emptyDir: { sizeLimit: options.appVolumeSizeLimit ?? '1Gi' } },
          ],
        },
      },
    },
  };
}

/** The runtime state a Deployment's status amounts to. */
export function stateOf(deployment: DeploymentState | null): RuntimeState {
  if (!deployment) return 'STOPPED';
  const progressing = deployment.conditions.find((c) => c.type === 'Progressing');
  if (progressing?.status === 'False' && progressing.reason === 'ProgressDeadlineExceeded') return 'FAILED';
  const rolledOut =
    deployment.observedGeneration >= deployment.generation &&
    deployment.updatedReplicas >= 1 &&
    deployment.readyReplicas >= 1;
  if (rolledOut) return 'RUNNING';
  return deployment.restartCount > 0 ? 'RESTARTING' : 'STARTING';
}

/**
 * The design implementation of the runtime driver on Kubernetes: per app variant a Secret (its
 * secrets), a Deployment (one replica, see `buildDeployment`) and a ClusterIP Service, all named
 * `resourceName(key)`; the gateway reaches a variant at http://<name>.<namespace>.svc.cluster.local.
 * Restarts on crash are the kubelet's. Runtime logs are not collected by this driver: only SYSTEM
 * lines go to onLog (following each pod's log, `CoreV1Api.readNamespacedPodLog` with follow, or
 * a node-level collector, is left to the wiring).
 */
export class KubernetesDriver implements RuntimeDriver {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(
    private readonly api: KubernetesApi,
    private readonly options: KubernetesDriverOptions,
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? Date.now;
  }

  async start(spec: VariantSpec): Promise<VariantHandle> {
    const { namespace } = this.options;
    const log = (level: RuntimeLogLevel, message: string) => {
      try {
        spec.onLog({ at: new Date(this.now()), source: 'SYSTEM', level, message });
      } catch {
        // the log sink must not break the rollout
      }
    };
    let deployment: Deployment;
    try {
      deployment = buildDeployment(spec, this.options);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      log('ERROR', `failed: ${message}`);
      throw new RuntimeStartError(spec.key, message);
    }
    const { dropped } = secretsToEnv(spec.env);
    if (dropped.length)
      log('WARN', `secrets not injected (reserved or invalid names): ${dropped.join(', ')}`);
    const name = deployment.metadata.name;
    await this.api.createOrReplaceSecret(namespace, buildSecret(spec.key, spec.env, namespace));
    await this.api.createOrReplaceDeployment(namespace, deployment);
    await this.api.createOrReplaceService(namespace, buildService(spec.key, namespace));
    log('INFO', `applied Deployment and Service ${namespace}/${name}`);

    const timeoutMs = this.options.startupTimeoutMs ?? 120_000;
    const deadline = this.now() + timeoutMs;
    for (;;) {
      const state = await this.api.readDeploymentStatus(namespace, name);
      const status = this.toStatus(spec.key, state);
      if (status.state === 'RUNNING') {
        log('INFO', `ready at http://${status.host}:${status.port}`);
        return status;
      }
      if (status.state === 'FAILED' || status.state === 'STOPPED' || this.now() >= deadline) {
        const reason =
          status.state === 'FAILED'
            ? `rollout failed: ${status.lastError}`
            : status.state === 'STOPPED'
              ? 'deployment disappeared during rollout'
              : `not ready within ${timeoutMs} ms`;
        log('ERROR', `failed: ${reason}`);
        throw new RuntimeStartError(spec.key, reason);
      }
      await this.sleep(this.options.pollIntervalMs ?? 2000);
    }
  }

  async stop(key: VariantKey): Promise<void> {
    const { namespace } = this.options;
    await this.api.deleteService(namespace, resourceName(key));
    await this.api.deleteDeployment(namespace, resourceName(key));
    await this.api.deleteSecret(namespace, secretName(key));
  }

  async status(key: VariantKey): Promise<VariantRuntimeStatus> {
    return this.toStatus(key, await this.api.readDeploymentStatus(this.options.namespace, resourceName(key)));
  }

  async list(): Promise<VariantRuntimeStatus[]> {
    const states = await this.api.listDeploymentStates(
      this.options.namespace,
      `${MANAGED_BY_LABEL}=${MANAGED_BY}`,
    );
    return states.flatMap((state) => {
      const appId = state.annotations[APP_ID_ANNOTATION];
      const variant = state.annotations[VARIANT_ANNOTATION];
      if (!appId || (variant !== 'PREVIEW' && variant !== 'PUBLISH')) return [];
      return [this.toStatus({ appId, variant: variant as Variant }, state)];
    });
  }

  async stopAll(): Promise<void> {
    for (const status of await this.list()) await this.stop(status.key);
  }

  private toStatus(key: VariantKey, state: DeploymentState | null): VariantRuntimeStatus {
    if (!state) return stoppedStatus(key);
    const runtimeState = stateOf(state);
    const progressing = state.conditions.find((c) => c.type === 'Progressing');
    const up = runtimeState !== 'STOPPED' && runtimeState !== 'FAILED';
    return {
      key,
      state: runtimeState,
      host: up ? `${state.name}.${this.options.namespace}.svc.cluster.local` : null,
      port: SERVICE_PORT,
      pid: null,
      restarts: state.restartCount,
      startedAt: state.startedAt,
      readyAt: null,
      lastExitCode: state.lastExitCode,
      lastSignal: null,
      lastError:
        runtimeState === 'FAILED' ? (progressing?.message ?? progressing?.reason ?? 'rollout failed') : null,
    };
  }
}
