import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateDomains1797100000000 implements MigrationInterface {
  name = 'CreateDomains1797100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "domains"."domains" (
      "domain_id" uuid NOT NULL,
      "domain" character varying(253) NOT NULL,
      "account_id" uuid NOT NULL,
      "status" character varying(32) NOT NULL,
      "expires" TIMESTAMP WITH TIME ZONE,
      "renew_auto" boolean NOT NULL,
      "privacy" boolean NOT NULL,
      "locked" boolean NOT NULL DEFAULT false,
      "name_servers" jsonb NOT NULL,
      "contacts" jsonb NOT NULL,
      "auth_code" character varying(64) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_55d55f37b833b3bff8c9b992124" PRIMARY KEY ("domain_id"))`);
    await q.query(`CREATE UNIQUE INDEX "domains_domain_key" ON "domains"."domains" ("domain")`);
    await q.query(
      `CREATE INDEX "domains_auto_renew_idx" ON "domains"."domains" ("expires") WHERE renew_auto AND status = 'ACTIVE'`,
    );
    await q.query(
      `CREATE INDEX "domains_active_expiry_idx" ON "domains"."domains" ("expires") WHERE status = 'ACTIVE'`,
    );
    await q.query(
      `CREATE INDEX "domains_account_domain_idx" ON "domains"."domains" ("account_id", "domain")`,
    );
    await q.query(`CREATE TABLE "domains"."orders" (
      "id" uuid NOT NULL,
      "status" character varying(16) NOT NULL,
      "failure_code" character varying(64),
      "failure_message" text,
      "attempts" integer NOT NULL DEFAULT '0',
      "job_queue" character varying(128) NOT NULL,
      "job_name" character varying(128) NOT NULL,
      "job_data" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "completed_at" TIMESTAMP WITH TIME ZONE,
      "account_id" uuid NOT NULL,
      "type" character varying(16) NOT NULL,
      "domain" character varying(253) NOT NULL,
      "period" integer NOT NULL,
      "total" bigint NOT NULL,
      "currency" character varying(3) NOT NULL,
      CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "IDX_c69290b1e22701f316e53d1b36" ON "domains"."orders" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "orders_in_flight_domain_key" ON "domains"."orders" ("domain") WHERE status = 'EXECUTING'`,
    );
    await q.query(`CREATE INDEX "orders_account_idx" ON "domains"."orders" ("account_id", "created_at")`);
    await q.query(`CREATE TABLE "domains"."payment_profiles" (
      "account_id" uuid NOT NULL,
      "status" character varying(16) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_90990f6a93ea144c438efac6844" PRIMARY KEY ("account_id"))`);
    await q.query(`CREATE TABLE "domains"."dns_records" (
      "record_id" BIGSERIAL NOT NULL,
      "domain_id" uuid NOT NULL,
      "type" character varying(8) NOT NULL,
      "name" character varying(253) NOT NULL,
      "data" text NOT NULL,
      "ttl" integer NOT NULL,
      "priority" integer,
      "port" integer,
      "weight" integer,
      "service" character varying(63),
      "protocol" character varying(16),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_4c3a6897b348bbc253f331a827c" PRIMARY KEY ("record_id"))`);
    await q.query(
      `CREATE INDEX "dns_records_zone_idx" ON "domains"."dns_records" ("domain_id", "type", "name")`,
    );
    await q.query(`CREATE TABLE "domains"."zone_changes" (
      "change_id" character varying(200) NOT NULL,
      "account_id" uuid NOT NULL,
      "zone" character varying(253) NOT NULL,
      "added" integer NOT NULL,
      "removed" integer NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_f78d8c582138f364b0bd49c5bfa" PRIMARY KEY ("change_id"))`);
    await q.query(`ALTER TABLE "domains"."dns_records"
      ADD CONSTRAINT "FK_485b0e4fb60db46f07a803dce6b" FOREIGN KEY ("domain_id")
      REFERENCES "domains"."domains"("domain_id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "domains"."zone_changes"`);
    await q.query(`DROP TABLE "domains"."dns_records"`);
    await q.query(`DROP TABLE "domains"."payment_profiles"`);
    await q.query(`DROP TABLE "domains"."orders"`);
    await q.query(`DROP TABLE "domains"."domains"`);
  }
}
