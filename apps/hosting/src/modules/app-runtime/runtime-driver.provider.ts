import { Logger, type LoggerService, type Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { createHmac } from 'node:crypto';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { LocalProcessDriver, createKubernetesDriver } from '../runtime';
import type { LocalIsolation, RuntimeDriver } from '../runtime';
import { ResourceBounds } from '../runtime/sandbox/resource-bounds';
import { SandboxHost } from '../runtime/sandbox/sandbox-host';
import type { AppEgress, NftSupport, SandboxSupport } from '../runtime/sandbox/sandbox-host';
import { RESOURCE_SETTINGS } from './resource-settings';
import type { ResourceSettings } from './resource-settings';
import { RUNTIME_SETTINGS } from './runtime-settings';
import type { RuntimeSettings } from './runtime-settings';

/** The worker's one runtime driver (token); `AppRuntimeManager` and the variant proxy use it. */
export const RUNTIME_DRIVER = Symbol('RUNTIME_DRIVER');

/**
 * How this worker isolates the uploaders' code it runs on its own host (token, a LocalIsolation):
 * the local runtime's apps, and on either runtime the apps' build scripts.
 */
export const APP_ISOLATION = Symbol('APP_ISOLATION');

const logger = new Logger('RuntimeDriver');

/** What the worker's host offers the local runtime, checked once at start. */
export interface HostMechanisms {
  /** Network, PID, mount, IPC and UTS namespaces (root, unshare, setpriv, nice, mount, ip). */
  namespaces: SandboxSupport;
  /** nftables, which internet egress needs (the filter that keeps apps off the platform). */
  nft: NftSupport;
}

/**
 * How the local runtime runs uploaders' code on this host: in sandboxes, with the egress they get
 * (`warning`: said once at start), unisolated (HOSTING_UNISOLATED=allow where there are no
 * namespaces), or not at all (`reason`: every start and build script fails with it).
 */
export type IsolationMode =
  | { mode: 'sandbox'; egress: AppEgress; warning: string | null }
  | { mode: 'unisolated'; warning: string }
  | { mode: 'refuse'; reason: string };

/**
 * The decision: namespaces → sandboxes, with the egress asked for when `nft` can filter it and
 * `none` otherwise (never unfiltered egress, never a refusal for want of nft); no namespaces →
 * refused, unless HOSTING_UNISOLATED=allow.
 */
export function decideIsolation(
  requested: AppEgress,
  allowUnisolated: boolean,
  host: HostMechanisms,
): IsolationMode {
  if (host.namespaces.ok) {
    if (requested === 'none' || host.nft.ok) return { mode: 'sandbox', egress: requested, warning: null };
    const what = host.nft.missing
      ? `nft is missing on this host (${host.nft.reason}); install it (Debian, Ubuntu: apt-get install nftables) or point HOSTING_SANDBOX_PATH at it`
      : `nft cannot filter on this host (${host.nft.reason})`;
    return {
      mode: 'sandbox',
      egress: 'none',
      warning:
        `hosted apps run in their sandboxes WITHOUT internet egress (egress none, every variant's status says egress NONE): ${what}, ` +
        'then restart the worker for HOSTING_APP_EGRESS=internet; or set HOSTING_APP_EGRESS=none to choose no egress',
    };
  }
  if (allowUnisolated) {
    return {
      mode: 'unisolated',
      warning: `apps run WITHOUT network isolation (HOSTING_UNISOLATED=allow): ${host.namespaces.reason}; they can reach every service of this host`,
    };
  }
  return {
    mode: 'refuse',
    reason: `no isolation mechanism on this host (${host.namespaces.reason}); set HOSTING_UNISOLATED=allow to run apps unisolated`,
  };
}

/**
 * The local driver's isolation on this host (see `decideIsolation`): a sandbox per instance where
 * the host can make one (root, namespaces; nftables for internet egress, else egress none);
 * otherwise every start fails with the reason, unless HOSTING_UNISOLATED=allow, which runs apps as
 * plain processes and says so. Logs the outcome once (a warning when anything is missing).
 */
export function localIsolation(
  settings: RuntimeSettings,
  config: PlatformConfig,
  host: SandboxHost = new SandboxHost({
    egress: settings.egress,
    uid: settings.appUid,
    gid: settings.appGid,
    platformHosts: [new URL(config.databaseUrl).hostname, new URL(config.redisUrl).hostname],
    deniedCidrs: settings.egressDeny,
    toolDirs: settings.sandboxToolDirs,
  }),
  log: Pick<LoggerService, 'log' | 'warn' | 'error'> = logger,
): LocalIsolation {
  const namespaces = host.detect();
  // nft only matters where sandboxes run and internet egress is asked for.
  const nft: NftSupport = namespaces.ok && settings.egress === 'internet' ? host.nftSupport() : { ok: true };
  const decided = decideIsolation(settings.egress, settings.allowUnisolated, { namespaces, nft });
  switch (decided.mode) {
    case 'sandbox':
      if (decided.warning) log.warn(decided.warning);
      else log.log(`apps run in sandboxes (network, PID, mount namespaces; egress ${decided.egress})`);
      return { sandbox: host.withEgress(decided.egress) };
    case 'unisolated':
      log.warn(decided.warning);
      return { unisolated: true };
    case 'refuse':
      log.error(`apps will not start: ${decided.reason}`);
      return { refuse: decided.reason };
  }
}

/**
 * How the local runtime bounds each sandbox's memory, processes and CPU on this host (decided once,
 * `ResourceBounds.detect`): cgroups (v2, else v1) where the kernel lets the worker make them, the
 * RSS watchdog otherwise, with one warning saying why.
 */
export function localResourceBounds(
  settings: ResourceSettings,
  memoryMb: number,
  log: Pick<LoggerService, 'log' | 'warn'> = logger,
  detect?: Parameters<typeof ResourceBounds.detect>[1],
): ResourceBounds {
  const bounds = ResourceBounds.detect(settings, detect);
  const what = `${memoryMb} MB of memory (all of it), ${settings.pidsMax} processes, ${settings.cpuMillicores} millicores`;
  if (bounds.fallbackReason === null)
    log.log(`each app sandbox is bounded by the kernel (${bounds.mechanism}): ${what}`);
  else
    log.warn(
      `app sandboxes are NOT bounded by the kernel (${bounds.fallbackReason}): a watchdog samples each sandbox's RSS every ${settings.watchdogEveryMs} ms and stops it over ${memoryMb} MB; an app allocating faster than that can overshoot, and CPU is bounded by nice only`,
    );
  return bounds;
}

/**
 * Builds the driver the settings ask for. npm start is refused (the builder already refuses such
 * start scripts): only a plain node command runs under Node's permission model.
 */
export async function createRuntimeDriver(
  settings: ImportSettings,
  config: PlatformConfig,
  isolation: LocalIsolation,
  runtime: RuntimeSettings,
  resources?: ResourceSettings,
): Promise<RuntimeDriver> {
  if (runtime.kubernetes) {
    const k8s = runtime.kubernetes;
    logger.log(
      `apps run in Kubernetes namespace ${k8s.namespace} (isolation CLUSTER, egress ${runtime.egress})`,
    );
    return createKubernetesDriver({
      namespace: k8s.namespace,
      runtimeImage: k8s.image,
      buildsClaimName: k8s.buildsClaim,
      dataDir: settings.dataDir,
      serviceUrlTemplate: k8s.serviceUrlTemplate,
      permissionFlag: k8s.permissionFlag,
      runAsUser: k8s.runAsUser,
      cpuRequestMillicores: k8s.cpuRequestMillicores,
      defaultCpuMillicores: k8s.defaultCpuMillicores,
      appVolumeSizeLimit: k8s.appVolumeLimit,
      startupTimeoutMs: k8s.startupTimeoutMs,
      pollIntervalMs: k8s.pollIntervalMs,
      failAfterRestarts: k8s.failAfterRestarts,
      egress: runtime.egress,
      // A key of its own for the config-hash annotation, derived (never the encryption key itself).
      configHashKey: createHmac('sha256', config.secretsEncryptionKey)
        .update('hosting.k8s.config-hash')
        .digest('hex'),
    });
  }
  return new LocalProcessDriver({
    host: settings.runtimeHost,
    npmStart: 'refuse',
    isolation,
    startupTimeoutMs: runtime.startupTimeoutMs,
    backoff: { maxConsecutiveCrashes: runtime.failAfterCrashes },
    // Apps refused anyway need no bounds (nor the warning).
    resources:
      resources && !('refuse' in isolation)
        ? localResourceBounds(resources, settings.appMemoryMb)
        : undefined,
  });
}

export const appIsolationProvider: Provider = {
  provide: APP_ISOLATION,
  inject: [RUNTIME_SETTINGS, PLATFORM_CONFIG],
  useFactory: (runtime: RuntimeSettings, config: PlatformConfig) => localIsolation(runtime, config),
};

export const runtimeDriverProvider: Provider = {
  provide: RUNTIME_DRIVER,
  inject: [IMPORT_SETTINGS, PLATFORM_CONFIG, APP_ISOLATION, RUNTIME_SETTINGS, RESOURCE_SETTINGS],
  useFactory: (
    settings: ImportSettings,
    config: PlatformConfig,
    isolation: LocalIsolation,
    runtime: RuntimeSettings,
    resources: ResourceSettings,
  ) => createRuntimeDriver(settings, config, isolation, runtime, resources),
};
