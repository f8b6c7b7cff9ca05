import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAgents1795500000000 implements MigrationInterface {
  name = 'CreateAgents1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "agents"."agents" ("agent_id" uuid NOT NULL, "account_id" uuid NOT NULL, "provider_id" character varying(128) NOT NULL, "agent_host" character varying(253) NOT NULL, "version" character varying(64) NOT NULL, "ans_name" character varying(330) NOT NULL, "display_name" character varying(64) NOT NULL, "description" character varying(150), "status" character varying(24) NOT NULL, "endpoints" jsonb NOT NULL, "dns_records" jsonb NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "revocation_reason" character varying(32), "revocation_comments" character varying(200), "dns_records_to_remove" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3ba3ff16246ffc499a47106d19e" PRIMARY KEY ("agent_id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "agents_ans_name_key" ON "agents"."agents"  ("ans_name")`);
    await q.query(
      `CREATE INDEX "agents_pending_expiry_idx" ON "agents"."agents"  ("expires_at") WHERE "status" = 'PENDING_VALIDATION'`,
    );
    await q.query(`CREATE INDEX "agents_host_status_idx" ON "agents"."agents"  ("agent_host", "status")`);
    await q.query(`CREATE INDEX "agents_account_idx" ON "agents"."agents"  ("account_id")`);
    await q.query(
      `CREATE TABLE "agents"."agent_events" ("log_id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "event_type" character varying(32) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "agent_id" uuid NOT NULL, "ans_name" character varying(330) NOT NULL, "agent_host" character varying(253) NOT NULL, "agent_display_name" character varying(64) NOT NULL, "agent_description" character varying(150), "version" character varying(64) NOT NULL, "provider_id" character varying(128) NOT NULL, "endpoints" jsonb NOT NULL, CONSTRAINT "PK_fbe922ab86b40f4bbc067fda016" PRIMARY KEY ("log_id"))`,
    );
    await q.query(`CREATE INDEX "agent_events_expires_idx" ON "agents"."agent_events"  ("expires_at")`);
    await q.query(
      `CREATE INDEX "agent_events_provider_idx" ON "agents"."agent_events"  ("provider_id", "log_id")`,
    );
    await q.query(
      `CREATE TABLE "agents"."certificate_authorities" ("name" character varying(32) NOT NULL, "key_id" character varying(16) NOT NULL, "sealed_private_key" bytea NOT NULL, "certificate_pem" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5b160d6951ebfb141fbfd83a0fc" PRIMARY KEY ("name"))`,
    );
    await q.query(
      `CREATE TABLE "agents"."certificates" ("serial_number" character varying(40) NOT NULL, "agent_id" uuid NOT NULL, "certificate_pem" text NOT NULL, "fingerprint_sha256" character varying(64) NOT NULL, "not_before" TIMESTAMP WITH TIME ZONE NOT NULL, "not_after" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "revocation_reason" character varying(32), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8d4bcade0332c4c0a4a822b20ad" PRIMARY KEY ("serial_number"))`,
    );
    await q.query(
      `CREATE INDEX "certificates_revoked_idx" ON "agents"."certificates"  ("not_after") WHERE "revoked_at" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "certificates_agent_idx" ON "agents"."certificates"  ("agent_id")`);
    await q.query(
      `CREATE TABLE "agents"."crls" ("crl_number" bigint NOT NULL, "this_update" TIMESTAMP WITH TIME ZONE NOT NULL, "next_update" TIMESTAMP WITH TIME ZONE NOT NULL, "der" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_69e407d9b05888a0b655b962acb" PRIMARY KEY ("crl_number"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "agents"."crls"`);
    await q.query(`DROP TABLE "agents"."certificates"`);
    await q.query(`DROP TABLE "agents"."certificate_authorities"`);
    await q.query(`DROP TABLE "agents"."agent_events"`);
    await q.query(`DROP TABLE "agents"."agents"`);
  }
}
