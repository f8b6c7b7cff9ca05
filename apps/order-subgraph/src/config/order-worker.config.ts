import { PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/** The order worker's configuration: the platform's shared variables, its own name and port. */
export function loadOrderWorkerConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'order-subgraph-worker',
    defaultPort: WORKER_PORTS['order-subgraph-worker'],
    env,
  });
}
