import { PlatformConfig, SERVICE_PORTS, loadPlatformConfig } from '@platform/config';

/** The commerce service's configuration: the platform's shared variables. */
export function loadCommerceConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'commerce-rest',
    defaultPort: SERVICE_PORTS['commerce-rest'],
    env,
  });
}
