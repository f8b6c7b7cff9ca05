import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadCommerceConfig } from './config/commerce.config';
import { COMMERCE_MIGRATION_SET } from './database/commerce.migration-set';

runMigrateEntry(() => loadCommerceConfig(), [COMMERCE_MIGRATION_SET]);
