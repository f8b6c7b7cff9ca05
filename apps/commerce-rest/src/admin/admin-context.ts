import { openAdminDataSource } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { loadCommerceConfig } from '../config/commerce.config';
import { COMMERCE_MIGRATION_SET } from '../database/commerce.migration-set';

export interface CommerceAdminContext {
  readonly dataSource: DataSource;
}

export async function openCommerceAdminContext(): Promise<{
  context: CommerceAdminContext;
  close(): Promise<void>;
}> {
  const dataSource = await openAdminDataSource(loadCommerceConfig(), [COMMERCE_MIGRATION_SET]);
  return { context: { dataSource }, close: () => dataSource.destroy() };
}
