import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The re-check of ACTIVE custom domains verified in DNS (docs/hosting.md, "Custom domains",
 * Re-checks): the sweep reads those checked longest ago, by `last_checked_at`.
 */
export class AddAppDomainsActiveCheckIndex1795600001300 implements MigrationInterface {
  name = 'AddAppDomainsActiveCheckIndex1795600001300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX "app_domains_active_check_idx" ON "hosting"."app_domains" ("last_checked_at") WHERE "status" = 'ACTIVE' AND "verified_by" = 'DNS'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "hosting"."app_domains_active_check_idx"`);
  }
}
