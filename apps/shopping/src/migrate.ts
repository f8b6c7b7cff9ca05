import 'reflect-metadata';
import { IDEMPOTENCY_MIGRATION_SET } from '@platform/idempotency';
import { runMigrateEntry } from '@platform/service-kit';
import { loadShoppingConfig } from './config/shopping.config';
import { SHOPPING_MIGRATION_SET } from './database/shopping.migration-set';

runMigrateEntry(() => loadShoppingConfig().platform, [SHOPPING_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET]);
