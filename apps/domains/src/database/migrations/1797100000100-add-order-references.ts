import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchases placed through the internal API (POST /internal/v1/accounts/{accountId}/domain-purchases)
 * carry the caller's reference, unique per account: a retry with the same reference answers the
 * order the first placed (docs/domains.md, "Internal API").
 */
export class AddOrderReferences1797100000100 implements MigrationInterface {
  name = 'AddOrderReferences1797100000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "domains"."orders" ADD "reference" character varying(200)`);
    await q.query(
      `CREATE UNIQUE INDEX "orders_account_reference_key" ON "domains"."orders" ("account_id", "reference") WHERE reference IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "domains"."orders_account_reference_key"`);
    await q.query(`ALTER TABLE "domains"."orders" DROP COLUMN "reference"`);
  }
}
