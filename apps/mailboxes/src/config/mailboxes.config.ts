import { PlatformConfig, SERVICE_PORTS, loadPlatformConfig } from '@platform/config';

/** The mailboxes service's configuration: the platform's shared variables. */
export function loadMailboxesConfig(env?: Record<string, string | undefined>): PlatformConfig {
  return loadPlatformConfig({ serviceName: 'mailboxes', defaultPort: SERVICE_PORTS.mailboxes, env });
}
