import type { PlatformConfig } from '@platform/config';
import { ensureDatabase, runMigrations, type MigrationSet } from '@platform/database';
import { AUTH_MIGRATION_SET } from '@platform/auth';
import { errorMessage } from '@platform/errors';

/**
 * The body of every app's `migrate` entry point (the k8s migration Job, `npm run migrate`):
 * creates the database when missing and applies the app's sets (auth included). Prints one JSON
 * line with what it applied.
 */
export async function migrateService(config: PlatformConfig, sets: readonly MigrationSet[]): Promise<void> {
  const connection = { url: config.databaseUrl, applicationName: `${config.serviceName}-migrate` };
  await ensureDatabase(connection.url);
  const applied = await runMigrations(connection, [AUTH_MIGRATION_SET, ...sets]);
  process.stdout.write(JSON.stringify({ service: config.serviceName, applied }) + '\n');
}

/** Runs `migrateService` as a process: exit 0 when done, 1 with a message otherwise. */
export function runMigrateEntry(config: () => PlatformConfig, sets: readonly MigrationSet[]): void {
  migrateService(config(), sets).then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`migration failed: ${errorMessage(e)}\n`);
      process.exit(1);
    },
  );
}
