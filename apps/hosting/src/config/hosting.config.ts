import { join, resolve } from 'node:path';
import {
  ConfigError,
  Env,
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envMatching,
  envOneOf,
  envPositiveInteger,
  envUrl,
  loadPlatformConfig,
} from '@platform/config';
import type { LogStreamSettings } from '../modules/app-logs/log-stream-settings';
import type { KubernetesSettings, RuntimeSettings } from '../modules/app-runtime/runtime-settings';
import type { DomainSettings } from '../modules/domains/domain-settings';
import type { ImportSettings } from '../modules/imports/import-settings';
import type { MaintenanceSettings } from '../modules/maintenance/hosting-maintenance.jobs';
import { isIpv4Cidr } from '../modules/runtime/sandbox/egress-rules';
import { SANDBOX_TOOL_DIRS } from '../modules/runtime/sandbox/sandbox-host';
import type { WebhookSettings } from '../modules/webhooks/webhook-settings';
import type { LeaseSettings } from '../modules/worker-leases/lease-settings';
import { loadDomainSettings } from './hosting-domains.config';
import { loadLogStreamSettings } from './hosting-log-streams.config';
import { loadWebhookSettings } from './hosting-webhooks.config';

/** The hosting API's configuration: the platform's shared variables (port 3005) and its own. */
export interface HostingConfig {
  readonly platform: PlatformConfig;
  /** Where uploads, imports and builds live and how large an upload may be (IMPORT_SETTINGS). */
  readonly imports: ImportSettings;
  /** PUBLIC_BASE_URL without a trailing slash: the base of each variant's public URL. */
  readonly publicBaseUrl: string;
  /** Deploy webhooks: the outbound policy of their URLs (WEBHOOK_SETTINGS). */
  readonly webhooks: WebhookSettings;
  /** Live log streams: heartbeats, buffer bound, streams per token (LOG_STREAM_SETTINGS). */
  readonly logStreams: LogStreamSettings;
  /** Custom domains: target host, platform host names, DNS checks (DOMAIN_SETTINGS). */
  readonly domains: DomainSettings;
}

const MiB = 1024 * 1024;
const K8S_NAME = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
const MAX_UID = 2 ** 31 - 2;

/**
 * HOSTING_DATA_DIR (default `<cwd>/.data/hosting`), HOSTING_UPLOAD_MAX_BYTES (50 MiB),
 * HOSTING_NPM_OFFLINE (`true`: npm's cache only), HOSTING_APP_MEMORY_MB (256),
 * HOSTING_RELEASES_KEPT (10, 1 to 100).
 */
export function loadImportSettings(env: Env): ImportSettings {
  return {
    dataDir: resolve(env.HOSTING_DATA_DIR || join(process.cwd(), '.data', 'hosting')),
    maxUploadBytes: envPositiveInteger(env, 'HOSTING_UPLOAD_MAX_BYTES', 50 * MiB),
    npmOffline: env.HOSTING_NPM_OFFLINE === 'true',
    appMemoryMb: envPositiveInteger(env, 'HOSTING_APP_MEMORY_MB', 256),
    runtimeHost: '127.0.0.1',
    releasesKept: envInteger(env, 'HOSTING_RELEASES_KEPT', 10, 1, 100),
  };
}

/** PUBLIC_BASE_URL (default http://127.0.0.1:8080, the gateway `npm start` serves), no trailing slash. */
export function loadPublicBaseUrl(env: Env): string {
  return envUrl(env, 'PUBLIC_BASE_URL', 'http://127.0.0.1:8080', ['http:', 'https:']).replace(/\/+$/, '');
}

/** HOSTING_K8S_* (docs/hosting.md, "Kubernetes runtime"); HOSTING_K8S_IMAGE is required. */
function loadKubernetesSettings(env: Env): KubernetesSettings {
  const image = env.HOSTING_K8S_IMAGE ?? '';
  if (!image) throw new ConfigError('HOSTING_K8S_IMAGE', 'is required with HOSTING_RUNTIME=kubernetes');
  const name = (variable: string, fallback: string): string =>
    envMatching(env, variable, fallback, K8S_NAME, 'a Kubernetes name');
  const flag = envOneOf(
    env,
    'HOSTING_K8S_NODE_PERMISSION_FLAG',
    ['--permission', '--experimental-permission', 'none'],
    '--experimental-permission',
  );
  return {
    namespace: name('HOSTING_K8S_NAMESPACE', 'developer-platform-apps'),
    image,
    buildsClaim: name('HOSTING_K8S_BUILDS_CLAIM', 'hosting-builds'),
    serviceUrlTemplate: env.HOSTING_K8S_SERVICE_URL_TEMPLATE || undefined,
    permissionFlag: flag === 'none' ? null : flag,
    runAsUser: envInteger(env, 'HOSTING_K8S_RUN_AS_USER', 10001, 1, MAX_UID),
    cpuRequestMillicores: envInteger(env, 'HOSTING_K8S_CPU_REQUEST_MILLICORES', 50, 1, 64_000),
    defaultCpuMillicores: envInteger(env, 'HOSTING_K8S_DEFAULT_CPU_MILLICORES', 500, 1, 64_000),
    appVolumeLimit: envMatching(
      env,
      'HOSTING_K8S_APP_VOLUME_LIMIT',
      '1Gi',
      /^\d+(Ki|Mi|Gi|Ti)$/,
      'a quantity such as 1Gi',
    ),
    startupTimeoutMs: envInteger(env, 'HOSTING_K8S_STARTUP_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    pollIntervalMs: envInteger(env, 'HOSTING_K8S_POLL_INTERVAL_MS', 2000, 100, 60_000),
    failAfterRestarts: envInteger(env, 'HOSTING_K8S_FAIL_AFTER_RESTARTS', 3, 1, 100),
  };
}

/**
 * HOSTING_RUNTIME (`local` | `kubernetes`), HOSTING_APP_EGRESS (`internet` | `none`),
 * HOSTING_UNISOLATED (`allow` | `refuse`), HOSTING_APP_UID / HOSTING_APP_GID (10001),
 * HOSTING_APP_EGRESS_DENY (comma-separated IPv4 addresses or CIDRs), HOSTING_SANDBOX_PATH
 * (colon-separated absolute directories, default /usr/sbin:/sbin:/usr/bin:/bin),
 * HOSTING_APP_STARTUP_TIMEOUT_MS (30000, 1000 to 600000), HOSTING_APP_FAIL_AFTER_CRASHES (5, 1 to
 * 100), HOSTING_K8S_* with kubernetes.
 */
export function loadRuntimeSettings(env: Env): RuntimeSettings {
  const deny = (env.HOSTING_APP_EGRESS_DENY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = deny.find((entry) => !isIpv4Cidr(entry));
  if (bad) throw new ConfigError('HOSTING_APP_EGRESS_DENY', `holds "${bad}", not an IPv4 address or CIDR`);
  const runtime = envOneOf(env, 'HOSTING_RUNTIME', ['local', 'kubernetes'], 'local');
  const toolDirs = (env.HOSTING_SANDBOX_PATH ?? '')
    .split(':')
    .map((s) => s.trim())
    .filter(Boolean);
  const relative = toolDirs.find((dir) => !dir.startsWith('/'));
  if (relative)
    throw new ConfigError('HOSTING_SANDBOX_PATH', `holds "${relative}", not an absolute directory`);
  return {
    runtime,
    egress: envOneOf(env, 'HOSTING_APP_EGRESS', ['internet', 'none'], 'internet'),
    allowUnisolated: envOneOf(env, 'HOSTING_UNISOLATED', ['allow', 'refuse'], 'refuse') === 'allow',
    appUid: envInteger(env, 'HOSTING_APP_UID', 10001, 1, MAX_UID),
    appGid: envInteger(env, 'HOSTING_APP_GID', 10001, 1, MAX_UID),
    egressDeny: deny,
    sandboxToolDirs: toolDirs.length ? toolDirs : SANDBOX_TOOL_DIRS,
    startupTimeoutMs: envInteger(env, 'HOSTING_APP_STARTUP_TIMEOUT_MS', 30_000, 1000, 600_000),
    failAfterCrashes: envInteger(env, 'HOSTING_APP_FAIL_AFTER_CRASHES', 5, 1, 100),
    kubernetes: runtime === 'kubernetes' ? loadKubernetesSettings(env) : null,
  };
}

/**
 * HOSTING_LEASE_HEARTBEAT_MS (2000), HOSTING_LEASE_TTL_MS (10000, more than twice the heartbeat),
 * HOSTING_LEASE_HANDOFF_WAIT_MS (30000), HOSTING_WORKER_ADDRESS (default `http://127.0.0.1:<port>`,
 * `port` being the worker's own).
 */
export function loadLeaseSettings(env: Env, port: number): LeaseSettings {
  const heartbeatMs = envInteger(env, 'HOSTING_LEASE_HEARTBEAT_MS', 2000, 50, 60_000);
  const ttlMs = envInteger(env, 'HOSTING_LEASE_TTL_MS', 10_000, 100, 300_000);
  if (ttlMs <= 2 * heartbeatMs)
    throw new ConfigError(
      'HOSTING_LEASE_TTL_MS',
      `must be more than twice HOSTING_LEASE_HEARTBEAT_MS (${heartbeatMs}), got ${ttlMs}`,
    );
  const handoffWaitMs = envInteger(env, 'HOSTING_LEASE_HANDOFF_WAIT_MS', 30_000, 100, 600_000);
  const address = envUrl(env, 'HOSTING_WORKER_ADDRESS', `http://127.0.0.1:${port}`, [
    'http:',
    'https:',
  ]).replace(/\/+$/, '');
  return { heartbeatMs, ttlMs, handoffWaitMs, address };
}

/** HOSTING_LOG_RETENTION_EVERY_MS (3 600 000), HOSTING_BUILD_PRUNE_EVERY_MS (600 000). */
export function loadMaintenanceSettings(env: Env): MaintenanceSettings {
  return {
    retentionEveryMs: envInteger(env, 'HOSTING_LOG_RETENTION_EVERY_MS', 3_600_000, 100, 86_400_000),
    pruneEveryMs: envInteger(env, 'HOSTING_BUILD_PRUNE_EVERY_MS', 600_000, 100, 86_400_000),
  };
}

/**
 * Reads and validates the hosting API's environment once, at start; with hosting-worker.config.ts,
 * the only reader of process.env in hosting. A bad value fails the start with an error that names
 * its variable.
 */
export function loadHostingConfig(env: Env = process.env): HostingConfig {
  return {
    platform: loadPlatformConfig({ serviceName: 'hosting', defaultPort: SERVICE_PORTS.hosting, env }),
    imports: loadImportSettings(env),
    publicBaseUrl: loadPublicBaseUrl(env),
    webhooks: loadWebhookSettings(env),
    logStreams: loadLogStreamSettings(env),
    domains: loadDomainSettings(env),
  };
}
