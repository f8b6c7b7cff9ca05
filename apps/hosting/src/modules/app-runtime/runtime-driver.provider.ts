import { Logger, type Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { createHmac } from 'node:crypto';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { LocalProcessDriver, createKubernetesDriver } from '../runtime';
import type { LocalIsolation, RuntimeDriver } from '../runtime';
import { SandboxHost } from '../runtime/sandbox/sandbox-host';
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

/**
 * The local driver's isolation on this host: a sandbox per instance where the host can make one
 * (root, namespaces, and nftables for internet egress); otherwise every start fails with the
 * reason, unless HOSTING_UNISOLATED=allow, which runs apps as plain processes and says so.
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
  }),
): LocalIsolation {
  const support = host.detect();
  if (support.ok) {
    logger.log(`apps run in sandboxes (network, PID, mount namespaces; egress ${settings.egress})`);
    return { sandbox: host };
  }
  if (settings.allowUnisolated) {
    logger.warn(
      `apps run WITHOUT network isolation (HOSTING_UNISOLATED=allow): ${support.reason}; they can reach every service of this host`,
    );
    return { unisolated: true };
  }
  const reason = `no isolation mechanism on this host (${support.reason}); set HOSTING_UNISOLATED=allow to run apps unisolated`;
  logger.error(`apps will not start: ${reason}`);
  return { refuse: reason };
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
): Promise<RuntimeDriver> {
  if (runtime.kubernetes) {
    const k8s = runtime.kubernetes;
    logger.log(`apps run in Kubernetes namespace ${k8s.namespace} (isolation CLUSTER)`);
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
  });
}

export const appIsolationProvider: Provider = {
  provide: APP_ISOLATION,
  inject: [RUNTIME_SETTINGS, PLATFORM_CONFIG],
  useFactory: (runtime: RuntimeSettings, config: PlatformConfig) => localIsolation(runtime, config),
};

export const runtimeDriverProvider: Provider = {
  provide: RUNTIME_DRIVER,
  inject: [IMPORT_SETTINGS, PLATFORM_CONFIG, APP_ISOLATION, RUNTIME_SETTINGS],
  useFactory: (
    settings: ImportSettings,
    config: PlatformConfig,
    isolation: LocalIsolation,
    runtime: RuntimeSettings,
  ) => createRuntimeDriver(settings, config, isolation, runtime),
};
