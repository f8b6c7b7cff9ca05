import { type MigrationSet, dataSourceOptions, runMigrations } from '@platform/database';
import { DataSource } from 'typeorm';
import { TestDatabase, createTestDatabase } from './test-database';

export interface TestDataSource {
  readonly db: TestDatabase;
  /** Over the entities of `sets`, with the naming strategy the services use. */
  readonly dataSource: DataSource;
  /** Closes the DataSource and drops the database. */
  close(): Promise<void>;
}

/**
 * The medium tier's database (docs/testing.md): a fresh database for one suite with the real
 * migrations of `sets` applied, and a DataSource over their entities. No Nest app, no HTTP, no
 * Redis: a repository spec builds its repositories on `dataSource.manager` and calls them.
 */
export async function openTestDataSource(
  label: string,
  sets: readonly MigrationSet[],
): Promise<TestDataSource> {
  const db = await createTestDatabase(label);
  const connection = { url: db.url, applicationName: `test-${label}`.slice(0, 63), poolSize: 4 };
  try {
    await runMigrations(connection, sets);
    const dataSource = await new DataSource(dataSourceOptions(connection, sets)).initialize();
    return {
      db,
      dataSource,
      async close() {
        await dataSource.destroy();
        await db.drop();
      },
    };
  } catch (e) {
    await db.drop();
    throw e;
  }
}
