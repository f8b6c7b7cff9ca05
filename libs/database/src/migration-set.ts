import type { MixedList } from 'typeorm';

// TypeORM's own types for entity and migration lists.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type EntityList = MixedList<Function | string>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type MigrationList = MixedList<Function | string>;

/**
 * The tables one owner (a service or a lib such as auth) keeps in its own Postgres schema, with
 * the migrations that build them. Migrations are tracked per schema in `<schema>.migrations`.
 */
export interface MigrationSet {
  readonly schema: string;
  readonly entities: EntityList;
  readonly migrations: MigrationList;
}
