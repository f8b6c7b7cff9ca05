import { AUTH_MIGRATION_SET, TokenService } from '@platform/auth';
import { loadPlatformConfig } from '@platform/config';
import { dataSourceOptions, ensureDatabase, runMigrations } from '@platform/database';
import { DataSource } from 'typeorm';

export interface AdminContext {
  readonly tokens: TokenService;
}

/**
 * Connects to the same database as the services (DATABASE_URL) and makes sure the auth schema
 * is migrated, so the CLI works before the first `npm start` too.
 */
export async function openAdminContext(): Promise<{ context: AdminContext; close(): Promise<void> }> {
  const config = loadPlatformConfig({ serviceName: 'admin-cli', defaultPort: 0 });
  const connection = { url: config.databaseUrl, applicationName: 'admin-cli', poolSize: 2 };
  await ensureDatabase(connection.url);
  await runMigrations(connection, [AUTH_MIGRATION_SET]);
  const dataSource = await new DataSource(dataSourceOptions(connection, [AUTH_MIGRATION_SET])).initialize();
  return { context: { tokens: new TokenService(dataSource) }, close: () => dataSource.destroy() };
}
