import { ConfigError, envInteger as integer } from '@platform/config';
import type { Env } from '@platform/config';
import { isIpv4Cidr } from '../runtime/sandbox/egress-rules';
import type { AppEgress } from '../runtime/sandbox/sandbox-host';

/** How the worker runs app variants (docs/hosting.md, "Isolation"); read once at worker start. */
export interface RuntimeSettings {
  /** HOSTING_RUNTIME: `local` (child processes on the worker's host, default) or `kubernetes`. */
  readonly runtime: 'local' | 'kubernetes';
  /** HOSTING_APP_EGRESS: `internet` (default) or `none`. */
  readonly egress: AppEgress;
  /** HOSTING_UNISOLATED=allow: run apps without isolation where the host offers none (said at start and in the status). */
  readonly allowUnisolated: boolean;
  /** HOSTING_APP_UID / HOSTING_APP_GID: the unprivileged user sandboxed apps run as (default 10001). */
  readonly appUid: number;
  readonly appGid: number;
  /** HOSTING_APP_EGRESS_DENY: more IPv4 addresses or CIDRs apps may not reach (comma-separated). */
  readonly egressDeny: readonly string[];
  /** The Kubernetes runtime's settings (HOSTING_K8S_*; docs/hosting.md, "Kubernetes runtime"); null on the local runtime. */
  readonly kubernetes: KubernetesSettings | null;
}

export interface KubernetesSettings {
  readonly namespace: string;
  readonly image: string;
  readonly buildsClaim: string;
  readonly serviceUrlTemplate: string | undefined;
  readonly permissionFlag: '--permission' | '--experimental-permission' | null;
  readonly runAsUser: number;
  readonly cpuRequestMillicores: number;
  readonly defaultCpuMillicores: number;
  readonly appVolumeLimit: string;
  readonly startupTimeoutMs: number;
  readonly pollIntervalMs: number;
  readonly failAfterRestarts: number;
}

const K8S_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

function loadKubernetesSettings(env: Env): KubernetesSettings {
  const image = env.HOSTING_K8S_IMAGE ?? '';
  if (!image) throw new ConfigError('HOSTING_K8S_IMAGE', 'is required with HOSTING_RUNTIME=kubernetes');
  const name = (variable: string, fallback: string): string => {
    const value = env[variable] || fallback;
    if (!K8S_NAME.test(value)) throw new ConfigError(variable, `must be a Kubernetes name, got "${value}"`);
    return value;
  };
  const flag = oneOf(
    env,
    'HOSTING_K8S_NODE_PERMISSION_FLAG',
    ['--permission', '--experimental-permission', 'none'],
    '--experimental-permission',
  );
  const volume = env.HOSTING_K8S_APP_VOLUME_LIMIT || '1Gi';
  if (!/^\d+(Ki|Mi|Gi|Ti)$/.test(volume))
    throw new ConfigError('HOSTING_K8S_APP_VOLUME_LIMIT', `must be a quantity such as 1Gi, got "${volume}"`);
  return {
    namespace: name('HOSTING_K8S_NAMESPACE', 'developer-platform-apps'),
    image,
    buildsClaim: name('HOSTING_K8S_BUILDS_CLAIM', 'hosting-builds'),
    serviceUrlTemplate: env.HOSTING_K8S_SERVICE_URL_TEMPLATE || undefined,
    permissionFlag: flag === 'none' ? null : flag,
    runAsUser: integer(env, 'HOSTING_K8S_RUN_AS_USER', 10001, 1, 2 ** 31 - 2),
    cpuRequestMillicores: integer(env, 'HOSTING_K8S_CPU_REQUEST_MILLICORES', 50, 1, 64_000),
    defaultCpuMillicores: integer(env, 'HOSTING_K8S_DEFAULT_CPU_MILLICORES', 500, 1, 64_000),
    appVolumeLimit: volume,
    startupTimeoutMs: integer(env, 'HOSTING_K8S_STARTUP_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    pollIntervalMs: integer(env, 'HOSTING_K8S_POLL_INTERVAL_MS', 2000, 100, 60_000),
    failAfterRestarts: integer(env, 'HOSTING_K8S_FAIL_AFTER_RESTARTS', 3, 1, 100),
  };
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw))
    throw new ConfigError(name, `must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

export function loadRuntimeSettings(env: Env = process.env): RuntimeSettings {
  const deny = (env.HOSTING_APP_EGRESS_DENY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = deny.find((entry) => !isIpv4Cidr(entry));
  if (bad) throw new ConfigError('HOSTING_APP_EGRESS_DENY', `holds "${bad}", not an IPv4 address or CIDR`);
  const runtime = oneOf(env, 'HOSTING_RUNTIME', ['local', 'kubernetes'], 'local');
  return {
    runtime,
    egress: oneOf(env, 'HOSTING_APP_EGRESS', ['internet', 'none'], 'internet'),
    allowUnisolated: oneOf(env, 'HOSTING_UNISOLATED', ['allow', 'refuse'], 'refuse') === 'allow',
    appUid: integer(env, 'HOSTING_APP_UID', 10001, 1, 2 ** 31 - 2),
    appGid: integer(env, 'HOSTING_APP_GID', 10001, 1, 2 ** 31 - 2),
    egressDeny: deny,
    kubernetes: runtime === 'kubernetes' ? loadKubernetesSettings(env) : null,
  };
}
