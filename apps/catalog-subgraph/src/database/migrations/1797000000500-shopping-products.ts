import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Shopping API's side of the catalog (modules/shopping-products):
 * - `shopping_reservations`: a reservation by the Shopping API's reference, with the inventory
 *   reservations made for it (idempotent replays, release by reference);
 * - `records_shopping_text_trgm_idx`: a trigram index over the text a product search matches
 *   (shopping-text.ts, the same expression) for SKU groups and SKUs, so `query` is an index scan.
 *   Only where pg_trgm is installed or can be (a trusted extension since PostgreSQL 13: the
 *   database owner may create it); elsewhere search still works, as a scan. The extension stays
 *   on `down` (other schemas of the database may use it).
 */
export class ShoppingProducts1797000000500 implements MigrationInterface {
  name = 'ShoppingProducts1797000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "catalog"."shopping_reservations" (
      "store_id" uuid NOT NULL,
      "reference" character varying(128) NOT NULL,
      "lines_hash" character varying(64) NOT NULL,
      "reservation_ids" uuid array NOT NULL,
      "status" character varying(16) NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_shopping_reservations" PRIMARY KEY ("store_id", "reference"))`);
    await q.query(`DO $$
      DECLARE opclass text;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          BEGIN
            CREATE EXTENSION pg_trgm SCHEMA public;
          EXCEPTION WHEN OTHERS THEN
            RAISE NOTICE 'pg_trgm not installed (%): shopping search runs without its index', SQLERRM;
            RETURN;
          END;
        END IF;
        SELECT quote_ident(n.nspname) || '.gin_trgm_ops' INTO opclass
          FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace
         WHERE c.opcname = 'gin_trgm_ops' LIMIT 1;
        EXECUTE format('CREATE INDEX "records_shopping_text_trgm_idx" ON "catalog"."records" USING gin ('
          || '(lower(COALESCE("name", '''') || '' '' || COALESCE("label", '''') || '' '' || COALESCE("code", '''') || '' '' || COALESCE("data"->>''description'', ''''))) %s)'
          || ' WHERE "kind" IN (''SKU'', ''SKU_GROUP'')', opclass);
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "catalog"."records_shopping_text_trgm_idx"`);
    await q.query(`DROP TABLE "catalog"."shopping_reservations"`);
  }
}
