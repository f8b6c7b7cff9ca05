import { openAdminDataSource } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { loadShoppingConfig } from '../config/shopping.config';
import { SHOPPING_MIGRATION_SET } from '../database/shopping.migration-set';

export interface ShoppingAdminContext {
  readonly dataSource: DataSource;
}

/** The shopping schema (created and migrated when needed) on DATABASE_URL, for the admin CLI. */
export async function openShoppingAdminContext(): Promise<{
  context: ShoppingAdminContext;
  close(): Promise<void>;
}> {
  const config = loadShoppingConfig();
  const dataSource = await openAdminDataSource(config.platform, [SHOPPING_MIGRATION_SET]);
  return { context: { dataSource }, close: () => dataSource.destroy() };
}
