export { dataSourceOptions, ensureDatabase, pendingMigrations, runMigrations } from './connection';
export type { ConnectionOptions } from './connection';
export { DatabaseModule, MIGRATION_SETS } from './database.module';
export type { DatabaseModuleOptions } from './database.module';
export type { EntityList, MigrationList, MigrationSet } from './migration-set';
export { REDIS, RedisKeys, RedisModule, createRedisClient } from './redis.module';
export { SnakeNamingStrategy } from './snake-naming.strategy';
export { drainInBatches, runStatement } from './sql-statement';
export type { StatementResult } from './sql-statement';
