import { SnakeNamingStrategy, type MigrationSet, runMigrations } from '@platform/database';
import { DataSource } from 'typeorm';

/**
 * Applies `set`'s migrations to the database at `url`, then asks TypeORM which SQL would make
 * the schema match the entities. Returns that SQL: empty when migrations and entities agree.
 */
export async function schemaDrift(url: string, set: MigrationSet): Promise<string[]> {
  await runMigrations({ url, applicationName: 'drift-check' }, [set]);
  const ds = new DataSource({
    type: 'postgres',
    url,
    entities: set.entities,
    namingStrategy: new SnakeNamingStrategy(),
    schema: set.schema,
  });
  await ds.initialize();
  try {
    const log = await ds.driver.createSchemaBuilder().log();
    return log.upQueries.map((q) => q.query);
  } finally {
    await ds.destroy();
  }
}
