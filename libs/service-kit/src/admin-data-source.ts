import { AUTH_MIGRATION_SET } from '@platform/auth';
import type { PlatformConfig } from '@platform/config';
import { dataSourceOptions, ensureDatabase, runMigrations, type MigrationSet } from '@platform/database';
import { DataSource } from 'typeorm';

/**
 * A small DataSource for an app's admin CLI entry: the same database as the services
 * (DATABASE_URL), created and migrated when needed so the CLI also works before `npm start`.
 */
export async function openAdminDataSource(
  config: PlatformConfig,
  sets: readonly MigrationSet[],
): Promise<DataSource> {
  const all = [AUTH_MIGRATION_SET, ...sets];
  const connection = { url: config.databaseUrl, applicationName: `${config.serviceName}-admin`, poolSize: 2 };
  await ensureDatabase(connection.url);
  await runMigrations(connection, all);
  return new DataSource(dataSourceOptions(connection, all)).initialize();
}
