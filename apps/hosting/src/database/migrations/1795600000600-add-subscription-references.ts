import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hosting plans provisioned through the internal API (POST /internal/v1/accounts/{accountId}/
 * hosting-plans) carry the caller's reference, unique per account: a retry answers the plan the
 * first made (docs/hosting.md, "Hosting plans for the Shopping API").
 */
export class AddSubscriptionReferences1795600000600 implements MigrationInterface {
  name = 'AddSubscriptionReferences1795600000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."subscriptions" ADD "reference" character varying(200)`);
    await q.query(
      `CREATE UNIQUE INDEX "subscriptions_account_reference_key" ON "hosting"."subscriptions" ("account_id", "reference") WHERE reference IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "hosting"."subscriptions_account_reference_key"`);
    await q.query(`ALTER TABLE "hosting"."subscriptions" DROP COLUMN "reference"`);
  }
}
