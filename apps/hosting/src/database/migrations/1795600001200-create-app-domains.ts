import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Custom domains of hosted apps (docs/hosting.md, "Custom domains"): one row per host name, unique
 * across the platform (lower case, no trailing dot), attached to one variant of one app. `records`
 * is what the domain needs in DNS with what the last check found; `zone_written` says the records
 * were written into the owner's zone in the domains service (removed again on detach). Read and
 * written with SQL by the domains module (no entity).
 */
export class CreateAppDomains1795600001200 implements MigrationInterface {
  name = 'CreateAppDomains1795600001200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."app_domains" ("id" uuid NOT NULL, "hostname" character varying(253) NOT NULL, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "status" character varying(16) NOT NULL, "verification_token" character varying(64) NOT NULL, "verified_by" character varying(16), "zone" character varying(253), "zone_written" boolean NOT NULL DEFAULT false, "records" jsonb NOT NULL, "failure" jsonb, "checks" integer NOT NULL DEFAULT '0', "last_checked_at" TIMESTAMP(3) WITH TIME ZONE, "next_check_at" TIMESTAMP(3) WITH TIME ZONE, "verified_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_app_domains_id" PRIMARY KEY ("id"), CONSTRAINT "app_domains_hostname_key" UNIQUE ("hostname"), CONSTRAINT "app_domains_hostname_lower" CHECK ("hostname" = lower("hostname")), CONSTRAINT "app_domains_status_check" CHECK ("status" IN ('PENDING', 'ACTIVE', 'FAILED')))`,
    );
    await q.query(`CREATE INDEX "app_domains_app_idx" ON "hosting"."app_domains" ("app_id", "created_at")`);
    await q.query(
      `CREATE INDEX "app_domains_due_idx" ON "hosting"."app_domains" ("next_check_at") WHERE "status" = 'PENDING'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "hosting"."app_domains"`);
  }
}
