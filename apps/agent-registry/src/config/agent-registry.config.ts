import {
  Env,
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envUrl,
  envServiceUrl,
  loadPlatformConfig,
} from '@platform/config';

/** What the agent registry reads beyond the platform's shared variables (docs/agents.md). */
export interface AgentRegistrySettings {
  /** How long a PENDING_VALIDATION registration lives before the maintenance job expires it. */
  readonly pendingTtlSeconds: number;
  /** How often the worker runs its maintenance jobs (pending expiry, event purge, CRL refresh). */
  readonly maintenanceEveryMs: number;
  /** Validity of the server certificates the registry CA issues. */
  readonly certificateValidityDays: number;
  /** Absolute base URL of the public API (badge records point at `<base>/v1/agents/<id>`). */
  readonly publicBaseUrl: string;
  /** Base URL of the domains service, whose internal API writes the agents' records into zones. */
  readonly domainsUrl: string;
  /** How many times a zone change job calls the domains service before the sweep takes over. */
  readonly dnsAttempts: number;
  /** First retry delay of a zone change job; it doubles on every attempt (BullMQ exponential). */
  readonly dnsRetryDelayMs: number;
}

export const AGENT_REGISTRY_SETTINGS = Symbol('AGENT_REGISTRY_SETTINGS');

/** Events are kept this long (spec, Limits: "events kept 30 days"). */
export const EVENT_RETENTION_DAYS = 30;

export function loadAgentRegistrySettings(env: Env = process.env): AgentRegistrySettings {
  return {
    pendingTtlSeconds: envInteger(env, 'AGENT_PENDING_TTL_S', 7 * 24 * 3600, 1, 365 * 24 * 3600),
    maintenanceEveryMs: envInteger(env, 'AGENT_MAINTENANCE_EVERY_MS', 60_000, 100, 86_400_000),
    certificateValidityDays: envInteger(env, 'AGENT_CERTIFICATE_VALIDITY_DAYS', 365, 1, 3650),
    publicBaseUrl: envUrl(env, 'PUBLIC_BASE_URL', 'http://127.0.0.1:8080', ['http:', 'https:']).replace(
      /\/+$/,
      '',
    ),
    domainsUrl: envServiceUrl(env, 'DOMAINS_URL', SERVICE_PORTS.domains),
    dnsAttempts: envInteger(env, 'AGENT_DNS_ATTEMPTS', 15, 1, 100),
    dnsRetryDelayMs: envInteger(env, 'AGENT_DNS_RETRY_DELAY_MS', 2000, 10, 3_600_000),
  };
}

/** The agent registry API's configuration: the platform's shared variables. */
export function loadAgentRegistryConfig(env?: Env): PlatformConfig {
  return loadPlatformConfig({
    serviceName: 'agent-registry',
    defaultPort: SERVICE_PORTS['agent-registry'],
    env,
  });
}
