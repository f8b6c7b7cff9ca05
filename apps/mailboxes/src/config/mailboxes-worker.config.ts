import { PlatformConfig, WORKER_PORTS, loadPlatformConfig } from '@platform/config';

/** The mailboxes worker's configuration: the platform's shared variables, its own name and port. */
export function loadMailboxesWorkerConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'mailboxes-worker',
    defaultPort: WORKER_PORTS['mailboxes-worker'],
    env,
  });
}
