import { Env, PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/** The agent registry worker's configuration: its own name and health port. */
export function loadAgentRegistryWorkerConfig(env?: Env): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'agent-registry-worker',
    defaultPort: WORKER_PORTS['agent-registry-worker'],
    env,
  });
}
