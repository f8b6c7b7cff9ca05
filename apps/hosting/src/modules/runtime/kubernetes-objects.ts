import { createHash, createHmac } from 'node:crypto';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import { Secret } from 'kubernetes-models/v1/Secret';
import type { ISecurityContext } from 'kubernetes-models/v1/SecurityContext';
import { Service } from 'kubernetes-models/v1/Service';
import { confinedNodeArgv, heapFlags, refusedNodeFlag, type PermissionFlag } from './node-command';
import { secretsToEnv, type VariantKey, type VariantSpec } from './runtime-driver';

/**
 * The Kubernetes objects of one app variant: a Secret (its secrets), a Deployment (one pod) and a
 * ClusterIP Service, all in the apps namespace and named after `resourceName(key)`. Built as
 * `kubernetes-models` instances and checked against the Kubernetes JSON schema (`validate()`)
 * before anything is sent, so a malformed object fails here with the schema's message instead
 * of as a 422 from the API server halfway through an apply.
 */

export interface KubernetesObjectOptions {
  /** The namespace of hosted apps: not the platform's (NetworkPolicies keep them apart). */
  namespace: string;
  /** Image apps run on (and their init container copies the build with); its Node decides the permission flag. */
  runtimeImage: string;
  /** ReadOnlyMany claim in the apps namespace on the same share as the worker's HOSTING_DATA_DIR. */
  buildsClaimName: string;
  /** HOSTING_DATA_DIR as the worker sees it: every build directory must be inside it. */
  dataDir: string;
  /** The image's Node permission flag: `--experimental-permission` (Node 20, the default) or `--permission` (≥ 22.13); null: none. */
  permissionFlag?: PermissionFlag | null;
  /** CPU limit when the plan gives none. */
  defaultCpuMillicores?: number;
  cpuRequestMillicores?: number;
  /** Size bound of the app's writable copy of its build. */
  appVolumeSizeLimit?: string;
  /** The uid (and gid) apps run as; any non-root id works, the app's directory is an emptyDir. */
  runAsUser?: number;
  /**
   * Key of the HMAC behind the config-hash annotation. Without it the annotation is a plain hash,
   * which lets whoever can read Deployments test guesses of a weak secret value.
   */
  configHashKey?: string;
  /** How long a pod may take to accept connections (the startup probe's budget). */
  startupTimeoutMs?: number;
}

/** The port every app listens on inside its pod (PORT); fixed, pods do not share a network. */
export const CONTAINER_PORT = 8080;
/** The Service's port, in front of CONTAINER_PORT. */
export const SERVICE_PORT = 80;
export const APP_CONTAINER = 'app';
export const MANAGED_BY_LABEL = 'app.kubernetes.io/managed-by';
export const MANAGED_BY = 'hosting';
export const APP_ID_ANNOTATION = 'hosting.platform/app-id';
export const VARIANT_ANNOTATION = 'hosting.platform/variant';
export const CONFIG_HASH_ANNOTATION = 'hosting.platform/config-hash';

/** What `kubectl rollout restart` sets on the pod template: a restart rolls the pods one by one. */
export const RESTARTED_AT_ANNOTATION = 'kubectl.kubernetes.io/restartedAt';

/** What a variant's Deployment is made of; `restartedAt` (ISO time) is set by restarts. */
export type DeploymentInput = Pick<
  VariantSpec,
  'key' | 'dir' | 'startCommand' | 'env' | 'memoryMb' | 'cpuMillicores' | 'instances' | 'healthCheck'
> & { readonly restartedAt?: string };

const APP_DIR = '/app';
const BUILD_DIR = '/build';
const DEFAULT_RUN_AS = 10001;

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

/** `k=v,k=v` for a list call. */
export function labelSelector(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
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
  return new Secret({
    metadata: { name: secretName(key), namespace, labels: labels(key), annotations: annotations(key) },
    type: 'Opaque',
    data,
  });
}

export function buildService(key: VariantKey, namespace: string): Service {
  return new Service({
    metadata: { name: resourceName(key), namespace, labels: labels(key), annotations: annotations(key) },
    spec: {
      type: 'ClusterIP',
      selector: selectorLabels(key),
      ports: [{ name: 'http', port: SERVICE_PORT, targetPort: 'http', protocol: 'TCP' }],
    },
  });
}

/**
 * The build directory as a path inside the builds volume (relative to HOSTING_DATA_DIR, which is
 * the root of the share both claims point at); throws when it is outside.
 */
export function buildSubPath(dir: string, dataDir: string): string {
  const relative = path.relative(path.resolve(dataDir), path.resolve(dir));
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error(
      `build directory ${dir} is not inside the hosting data directory ${dataDir}: the builds volume only holds that`,
    );
  }
  return relative.split(path.sep).join('/');
}

/** The app container's command and the env entries that go with it. */
function appCommand(
  spec: Pick<VariantSpec, 'startCommand' | 'memoryMb'>,
  permissionFlag: PermissionFlag | null,
): { command: string[]; env: IEnvVar[] } {
  const { startCommand, memoryMb } = spec;
  if (startCommand.command === 'node') {
    const refused = refusedNodeFlag(startCommand.args);
    if (refused) throw new Error(`start command refused: node flag ${refused} is not allowed`);
    const argv = confinedNodeArgv(startCommand.args, {
      dir: APP_DIR,
      memoryMb,
      permissionFlag,
      canDisableWarning: permissionFlag === '--experimental-permission',
    });
    return { command: ['node', ...argv], env: [] };
  }
  if (startCommand.command === 'npm') {
    return {
      command: ['npm', ...startCommand.args],
      env: [
        { name: 'NODE_OPTIONS', value: heapFlags(memoryMb).join(' ') },
        { name: 'npm_config_update_notifier', value: 'false' },
      ],
    };
  }
  throw new Error(`start command refused: ${startCommand.command} (only node and npm)`);
}

/**
 * The Deployment of one variant. An init container (same image, same non-root user) copies the
 * build from the read-only builds volume into an emptyDir mounted at /app, so the app gets what
 * the local driver gives it: its own writable directory, HOME=/app, and for `node <file>` Node's
 * permission model limited to /app; the root file system stays read-only. The process is a
 * non-root uid without capabilities or privilege escalation, under the RuntimeDefault seccomp
 * profile; no ServiceAccount token is mounted and no service links are injected (Kubernetes would
 * otherwise put every Service of the namespace into the environment). Env: PORT, NODE_ENV, HOME
 * (and NODE_OPTIONS for npm start) as values, each secret as a secretKeyRef into the variant's
 * Secret. Memory: requests = limits = memoryMb and V8's heap sized from it; CPU: a hard limit of
 * cpuMillicores enforced by the kubelet's cgroup. Probes: TCP on the port, as the local runtime's
 * readiness; the startup probe allows startupTimeoutMs. A crashing container is restarted by the
 * kubelet with its own backoff (10 s doubling to 5 min: CrashLoopBackOff).
 *
 * The `hosting.platform/config-hash` annotation of the pod template is a hash of everything that
 * should restart the app (build, command, secrets' values, limits, image): re-applying the same
 * variant changes nothing (no rollout), a changed secret value rolls the pod even though the
 * Deployment only references the Secret. Pods carry it too, which tells the driver the pods of
 * the current rollout from the ones it replaces.
 */
export function buildDeployment(spec: DeploymentInput, options: KubernetesObjectOptions): Deployment {
  const { key, memoryMb } = spec;
  const subPath = buildSubPath(spec.dir, options.dataDir);
  const permissionFlag =
    options.permissionFlag === undefined ? '--experimental-permission' : options.permissionFlag;
  const cpu = spec.cpuMillicores ?? options.defaultCpuMillicores ?? 500;
  const startupSeconds = Math.max(1, Math.ceil((options.startupTimeoutMs ?? 120_000) / 1000));
  const runAs = options.runAsUser ?? DEFAULT_RUN_AS;
  const { command, env: commandEnv } = appCommand(spec, permissionFlag);

  const env: IEnvVar[] = [
    { name: 'PORT', value: String(CONTAINER_PORT) },
    { name: 'NODE_ENV', value: 'production' },
    { name: 'HOME', value: APP_DIR },
    ...commandEnv,
  ];
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
    // Absent ones keep the hash of variants applied before instances and health checks existed.
    ...(spec.healthCheck ? [spec.healthCheck] : []),
    ...(spec.restartedAt ? [spec.restartedAt] : []),
  ]);
  const configHash = (
    options.configHashKey ? createHmac('sha256', options.configHashKey) : createHash('sha256')
  )
    .update(hashed)
    .digest('hex')
    .slice(0, 16);
  const securityContext: ISecurityContext = {
    allowPrivilegeEscalation: false,
    readOnlyRootFilesystem: true,
    runAsNonRoot: true,
    capabilities: { drop: ['ALL'] },
  };
  const tcp = (periodSeconds: number, failureThreshold: number): IProbe => ({
    tcpSocket: { port: 'http' },
    periodSeconds,
    failureThreshold,
  });
  const copyBuild: IContainer = {
    name: 'copy-build',
    image: options.runtimeImage,
    // `cp -R dir/.` copies the content, dot files included, and keeps symlinks as links.
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
  };
  const app: IContainer = {
    name: APP_CONTAINER,
    image: options.runtimeImage,
    command,
    workingDir: APP_DIR,
    env,
    ports: [{ name: 'http', containerPort: CONTAINER_PORT, protocol: 'TCP' }],
    startupProbe: tcp(1, startupSeconds),
    // Traffic only once the health check passes (without one: once the port accepts connections).
    readinessProbe: spec.healthCheck
      ? {
          httpGet: { path: spec.healthCheck.path, port: 'http' },
          periodSeconds: spec.healthCheck.intervalS,
          timeoutSeconds: spec.healthCheck.timeoutS,
          failureThreshold: 3,
        }
      : tcp(2, 3),
    livenessProbe: tcp(10, 3),
    resources: {
      requests: { cpu: `${options.cpuRequestMillicores ?? 50}m`, memory: `${memoryMb}Mi` },
      limits: { cpu: `${cpu}m`, memory: `${memoryMb}Mi` },
    },
    securityContext,
    volumeMounts: [{ name: 'app', mountPath: APP_DIR }],
  };

  return new Deployment({
    metadata: {
      name: resourceName(key),
      namespace: options.namespace,
      labels: labels(key),
      annotations: annotations(key),
    },
    spec: {
      replicas: spec.instances ?? 1,
      revisionHistoryLimit: 2,
      progressDeadlineSeconds: startupSeconds + 60,
      selector: { matchLabels: selectorLabels(key) },
      // One new pod comes up (and gets ready) before an old one goes: a redeploy or a restart is
      // rolled pod by pod without downtime, and one that fails keeps the old pods serving.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: labels(key),
          annotations: {
            ...annotations(key),
            [CONFIG_HASH_ANNOTATION]: configHash,
            ...(spec.restartedAt ? { [RESTARTED_AT_ANNOTATION]: spec.restartedAt } : {}),
          },
        },
        spec: {
          automountServiceAccountToken: false,
          enableServiceLinks: false,
          // An old pod's time to finish after SIGTERM: the health check's graceS.
          terminationGracePeriodSeconds: spec.healthCheck?.graceS ?? 10,
          securityContext: {
            runAsNonRoot: true,
            runAsUser: runAs,
            runAsGroup: runAs,
            fsGroup: runAs,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          initContainers: [copyBuild],
          containers: [app],
          volumes: [
            { name: 'build', persistentVolumeClaim: { claimName: options.buildsClaimName, readOnly: true } },
            { name: 'app', emptyDir: { sizeLimit: options.appVolumeSizeLimit ?? '1Gi' } },
          ],
        },
      },
    },
  });
}

export interface VariantObjects {
  secret: Secret;
  deployment: Deployment;
  service: Service;
  /** The pod template's config hash: the pods of this version carry it. */
  configHash: string;
}

/** The three objects of a variant, each validated against the Kubernetes schema; throws on any refusal. */
export function buildVariantObjects(spec: DeploymentInput, options: KubernetesObjectOptions): VariantObjects {
  const deployment = buildDeployment(spec, options);
  const secret = buildSecret(spec.key, spec.env, options.namespace);
  const service = buildService(spec.key, options.namespace);
  for (const object of [secret, deployment, service]) object.validate();
  const configHash = deployment.spec?.template.metadata?.annotations?.[CONFIG_HASH_ANNOTATION] ?? '';
  return { secret, deployment, service, configHash };
}
