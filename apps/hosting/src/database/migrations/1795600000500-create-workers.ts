import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Several hosting workers (docs/hosting.md, "Several workers"): their leases (hosting.workers) and the owner
 * of every variant (app_environments.owner_worker_id), plus the workers that still have to stop
 * their copy after a takeover (handoff_worker_ids).
 */
export class CreateWorkers1795600000500 implements MigrationInterface {
  name = 'CreateWorkers1795600000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."workers" ("worker_id" uuid NOT NULL, "address" text NOT NULL, "runtime" text NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL, "heartbeat_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_workers_worker_id" PRIMARY KEY ("worker_id"))`,
    );
    await q.query(`CREATE INDEX "workers_expires_idx" ON "hosting"."workers" ("expires_at")`);
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "owner_worker_id" uuid`);
    await q.query(
      `ALTER TABLE "hosting"."app_environments" ADD "handoff_worker_ids" uuid array NOT NULL DEFAULT '{}'`,
    );
    await q.query(
      `CREATE INDEX "app_environments_owner_idx" ON "hosting"."app_environments" ("owner_worker_id")`,
    );
    // How the owner's runtime isolates the variant (NETNS, CLUSTER, NONE): docs/hosting.md, "Isolation".
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "runtime_isolation" character varying(16)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_isolation"`);
    await q.query(`DROP INDEX "hosting"."app_environments_owner_idx"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "handoff_worker_ids"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "owner_worker_id"`);
    await q.query(`DROP TABLE "hosting"."workers"`);
  }
}
