import {
  Env,
  PlatformConfig,
  SERVICE_PORTS,
  WORKER_PORTS,
  loadPlatformConfig,
  envServiceUrl,
} from '@platform/config';

/**
 * The mailboxes worker's configuration: the platform's shared variables (its own name and port)
 * and where the domains service answers (the one owner of domains, asked who holds a mailbox's
 * domain).
 */
export interface MailboxesWorkerConfig {
  readonly platform: PlatformConfig;
  /** DOMAINS_URL: base URL of the domains service's internal API. */
  readonly domainsUrl: string;
}

/** The mailboxes worker's configuration, read once at start: the only reader of its environment. */
export function loadMailboxesWorkerConfig(env: Env = process.env): MailboxesWorkerConfig {
  return {
    platform: loadPlatformConfig({
      serviceName: 'mailboxes-worker',
      defaultPort: WORKER_PORTS['mailboxes-worker'],
      env,
    }),
    domainsUrl: envServiceUrl(env, 'DOMAINS_URL', SERVICE_PORTS.domains),
  };
}
