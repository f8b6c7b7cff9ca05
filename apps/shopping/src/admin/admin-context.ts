import { openAdminDataSource } from '@platform/service-kit';
import { loadShoppingConfig } from '../config/shopping.config';
import { SHOPPING_MIGRATION_SET } from '../database/shopping.migration-set';
import { PlatformCatalogRepository } from '../modules/platform-catalog/platform-catalog.repository';

export interface ShoppingAdminContext {
  /** The platform catalog's storage (the `shopping-product` noun). */
  readonly catalog: PlatformCatalogRepository;
}

/**
 * The shopping schema (created and migrated when needed) on DATABASE_URL, for the admin CLI: its
 * repositories over the admin data source's EntityManager.
 */
export async function openShoppingAdminContext(): Promise<{
  context: ShoppingAdminContext;
  close(): Promise<void>;
}> {
  const config = loadShoppingConfig();
  const dataSource = await openAdminDataSource(config.platform, [SHOPPING_MIGRATION_SET]);
  return {
    context: { catalog: new PlatformCatalogRepository(dataSource.manager) },
    close: () => dataSource.destroy(),
  };
}
