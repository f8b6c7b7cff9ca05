import { Env, PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';
import type { RegistrySettings, RenewalSettings } from '../modules/registry/registry-settings';
import { loadRegistrySettings, loadRenewalSettings } from './domains.config';

/** The domains worker's configuration: its own name and port, the registry's and the sweep's settings. */
export interface DomainsWorkerConfig {
  readonly platform: PlatformConfig;
  readonly registry: RegistrySettings;
  readonly renewal: RenewalSettings;
}

/** The domains worker's configuration, read once at start: the only reader of its environment. */
export function loadDomainsWorkerConfig(env: Env = process.env): DomainsWorkerConfig {
  return {
    platform: loadPlatformConfig({
      serviceName: 'domains-worker',
      defaultPort: WORKER_PORTS['domains-worker'],
      env,
    }),
    registry: loadRegistrySettings(env),
    renewal: loadRenewalSettings(env),
  };
}
