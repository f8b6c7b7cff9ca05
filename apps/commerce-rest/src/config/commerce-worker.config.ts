import { PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/** The commerce worker's configuration: the platform's shared variables, its own name and port. */
export function loadCommerceWorkerConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'commerce-rest-worker',
    defaultPort: WORKER_PORTS['commerce-rest-worker'],
    env,
  });
}
