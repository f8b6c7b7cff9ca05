import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usage against the bounds in the status (docs/hosting.md, "Resource bounds"): per variant the
 * failure of an instance its bounds ended while it ran (`runtime_failure`, jsonb `{phase, code,
 * firstError, hint}`) and the memory bound it runs with (`runtime_memory_limit_mb`); each
 * instance's memory and last exit are fields of `runtime_instances`.
 */
export class AddRuntimeUsage1795600001400 implements MigrationInterface {
  name = 'AddRuntimeUsage1795600001400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "runtime_failure" jsonb`);
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "runtime_memory_limit_mb" integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_memory_limit_mb"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_failure"`);
  }
}
