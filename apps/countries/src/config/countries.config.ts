import { PlatformConfig, SERVICE_PORTS, loadPlatformConfig } from '@platform/config';

/** The countries service's configuration: the platform's shared variables, nothing of its own. */
export function loadCountriesConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({ serviceName: 'countries', defaultPort: SERVICE_PORTS.countries, env });
}
