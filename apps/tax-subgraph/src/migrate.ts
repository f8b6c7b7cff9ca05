import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadTaxConfig } from './config/tax.config';
import { TAX_MIGRATION_SET } from './database/tax.migration-set';

runMigrateEntry(() => loadTaxConfig().platform, [TAX_MIGRATION_SET]);
