import { PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/** The catalog worker's configuration: the platform's shared variables, its own name and port. */
export function loadCatalogWorkerConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'catalog-subgraph-worker',
    defaultPort: WORKER_PORTS['catalog-subgraph-worker'],
    env,
  });
}
