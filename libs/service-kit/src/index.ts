export { createServiceApp, listen } from './bootstrap';
export type { ServiceAppOptions } from './bootstrap';
export { DatabaseReadinessCheck, RedisReadinessCheck } from './readiness-checks';
export { openAdminDataSource } from './admin-data-source';
export { migrateService, runMigrateEntry } from './migrate';
export { ServiceKitModule } from './service-kit.module';
export type { ServiceKitOptions } from './service-kit.module';
