import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runtime log lines of app variants (GET /v1/hosting/apps/{appId}/logs), kept 7 days. The
 * identity `id` breaks ties of lines with the same timestamp in the (at, id) keyset;
 * app_log_lines_query_idx serves the page and count queries, app_log_lines_at_idx the purge.
 */
export class CreateAppLogs1795600000300 implements MigrationInterface {
  name = 'CreateAppLogs1795600000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."app_log_lines" ("id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "source" character varying(8) NOT NULL, "level" character varying(8) NOT NULL, "message" text NOT NULL, CONSTRAINT "PK_9ce4712335d63529660152bbc61" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "app_log_lines_at_idx" ON "hosting"."app_log_lines" ("at")`);
    await q.query(
      `CREATE INDEX "app_log_lines_query_idx" ON "hosting"."app_log_lines" ("app_id", "variant", "at", "id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "hosting"."app_log_lines"`);
  }
}
