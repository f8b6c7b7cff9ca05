import {
  Env,
  PlatformConfig,
  SERVICE_PORTS,
  WORKER_PORTS,
  envServiceUrl,
  loadPlatformConfig,
} from '@platform/config';
import type { DomainSettings } from '../modules/domains/domain-settings';
import type { ResourceSettings } from '../modules/app-runtime/resource-settings';
import type { RuntimeSettings } from '../modules/app-runtime/runtime-settings';
import type { ImportSettings } from '../modules/imports/import-settings';
import type { MaintenanceSettings } from '../modules/maintenance/hosting-maintenance.jobs';
import type { WebhookSettings } from '../modules/webhooks/webhook-settings';
import type { LeaseSettings } from '../modules/worker-leases/lease-settings';
import { loadDomainSettings } from './hosting-domains.config';
import { loadResourceSettings } from './hosting-resources.config';
import { loadWebhookSettings } from './hosting-webhooks.config';
import {
  loadImportSettings,
  loadLeaseSettings,
  loadMaintenanceSettings,
  loadRuntimeSettings,
} from './hosting.config';

/** The hosting worker's configuration: the platform's shared variables (port 3105) and its own. */
export interface HostingWorkerConfig {
  readonly platform: PlatformConfig;
  /** The same directory and limits as the API's (IMPORT_SETTINGS). */
  readonly imports: ImportSettings;
  /** How apps run: local sandboxes or Kubernetes (RUNTIME_SETTINGS). */
  readonly runtime: RuntimeSettings;
  /** How each local sandbox's memory, processes and CPU are bounded (RESOURCE_SETTINGS). */
  readonly resources: ResourceSettings;
  /** How the worker holds its lease (LEASE_SETTINGS). */
  readonly leases: LeaseSettings;
  /** How often the housekeeping jobs run (MAINTENANCE_SETTINGS). */
  readonly maintenance: MaintenanceSettings;
  /** How deploy webhooks are delivered (WEBHOOK_SETTINGS). */
  readonly webhooks: WebhookSettings;
  /** Custom domains: target host, DNS checks, re-checks, route cache (DOMAIN_SETTINGS). */
  readonly domains: DomainSettings;
  /** DOMAINS_URL: the domains service's internal API (owned zones of custom domains). */
  readonly domainsUrl: string;
}

/**
 * Reads and validates the hosting worker's environment once, at start: its own name, port 3105,
 * and the settings of the apps it runs.
 */
export function loadHostingWorkerConfig(env: Env = process.env): HostingWorkerConfig {
  const platform = loadPlatformConfig({
    serviceName: 'hosting-worker',
    defaultPort: WORKER_PORTS['hosting-worker'],
    env,
  });
  return {
    platform,
    imports: loadImportSettings(env),
    runtime: loadRuntimeSettings(env),
    resources: loadResourceSettings(env),
    leases: loadLeaseSettings(env, platform.port),
    maintenance: loadMaintenanceSettings(env),
    webhooks: loadWebhookSettings(env),
    domains: loadDomainSettings(env),
    domainsUrl: envServiceUrl(env, 'DOMAINS_URL', SERVICE_PORTS.domains),
  };
}
