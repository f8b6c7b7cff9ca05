import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Domain ownership moved to the domains service (docs/domains.md): the worker asks it through
 * libs/domains-client, so the table `domain add` used to write here is gone. Its rows are not
 * carried over: `domain add` now registers the domain in the domains service.
 */
export class DropDomains1797200000000 implements MigrationInterface {
  name = 'DropDomains1797200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "mailboxes"."domains"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "mailboxes"."domains" (
      "domain" character varying(253) NOT NULL,
      "account_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_domains" PRIMARY KEY ("domain"))`);
    await q.query(`CREATE INDEX "domains_account_idx" ON "mailboxes"."domains" ("account_id")`);
  }
}
