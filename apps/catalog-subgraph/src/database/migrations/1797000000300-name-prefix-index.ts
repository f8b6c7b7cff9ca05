import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `name: { startsWith }` on every catalog list: under the database's C.UTF-8 collation the plain
 * name index cannot serve `LIKE 'prefix%'`, so a prefix that matches late in a large store scanned
 * every row (docs/performance.md, "Catalog list paging"). varchar_pattern_ops makes it a range scan.
 */
export class NamePrefixIndex1797000000300 implements MigrationInterface {
  name = 'NamePrefixIndex1797000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "records_store_kind_name_prefix_idx" ON "catalog"."records" ("store_id", "kind", "name" varchar_pattern_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "catalog"."records_store_kind_name_prefix_idx"`);
  }
}
