import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadCatalogConfig } from './config/catalog.config';
import { CATALOG_MIGRATION_SET } from './database/catalog.migration-set';

runMigrateEntry(() => loadCatalogConfig().platform, [CATALOG_MIGRATION_SET]);
