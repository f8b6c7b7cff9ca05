import { openAdminDataSource } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { loadDomainsConfig } from '../config/domains.config';
import { DOMAINS_MIGRATION_SET } from '../database/domains.migration-set';
import type { RegistrySettings } from '../modules/registry/registry-settings';

export interface DomainsAdminContext {
  readonly dataSource: DataSource;
  readonly registry: RegistrySettings;
}

export async function openDomainsAdminContext(): Promise<{
  context: DomainsAdminContext;
  close(): Promise<void>;
}> {
  const config = loadDomainsConfig();
  const dataSource = await openAdminDataSource(config.platform, [DOMAINS_MIGRATION_SET]);
  return { context: { dataSource, registry: config.registry }, close: () => dataSource.destroy() };
}
