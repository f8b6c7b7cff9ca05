import 'reflect-metadata';
import { runMigrateEntry } from '@platform/service-kit';
import { loadDomainsConfig } from './config/domains.config';
import { DOMAINS_MIGRATION_SET } from './database/domains.migration-set';

runMigrateEntry(() => loadDomainsConfig().platform, [DOMAINS_MIGRATION_SET]);
