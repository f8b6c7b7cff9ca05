import { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox of the agents' DNS records into the owners' zones (issue 17, docs/agents.md). */
export class CreateZoneChanges1796000000000 implements MigrationInterface {
  name = 'CreateZoneChanges1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "agents"."zone_changes" ("change_id" character varying(64) NOT NULL, "agent_id" uuid NOT NULL, "account_id" uuid NOT NULL, "add" jsonb NOT NULL, "remove" jsonb NOT NULL, "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "last_error" character varying(2000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "applied_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_zone_changes" PRIMARY KEY ("change_id"))`,
    );
    await q.query(
      `CREATE INDEX "zone_changes_pending_idx" ON "agents"."zone_changes"  ("created_at", "change_id") WHERE "status" = 'PENDING'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "agents"."zone_changes"`);
  }
}
