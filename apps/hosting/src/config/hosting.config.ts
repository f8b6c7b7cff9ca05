import { PlatformConfig, SERVICE_PORTS, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/** The hosting API's configuration: the platform's shared variables, port 3005. */
export function loadHostingConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({ serviceName: 'hosting', defaultPort: SERVICE_PORTS.hosting, env });
}

/** The hosting worker's configuration: the platform's shared variables, its own name and port 3105. */
export function loadHostingWorkerConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'hosting-worker',
    defaultPort: WORKER_PORTS['hosting-worker'],
    env,
  });
}
