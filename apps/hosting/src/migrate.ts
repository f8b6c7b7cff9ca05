import 'reflect-metadata';
import { IDEMPOTENCY_MIGRATION_SET } from '@platform/idempotency';
import { runMigrateEntry } from '@platform/service-kit';
import { loadHostingConfig } from './config/hosting.config';
import { HOSTING_MIGRATION_SET } from './database/hosting.migration-set';

runMigrateEntry(() => loadHostingConfig().platform, [HOSTING_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET]);
