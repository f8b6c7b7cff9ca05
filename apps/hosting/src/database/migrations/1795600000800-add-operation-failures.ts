import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a failed import or deployment failed (docs/hosting.md, "Failures that say why"): `failure`
 * jsonb `{phase, code, firstError, hint}` on both operation tables, null unless it FAILED in one of
 * the app's phases. Operations that failed before this migration keep null.
 */
export class AddOperationFailures1795600000800 implements MigrationInterface {
  name = 'AddOperationFailures1795600000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."import_operations" ADD "failure" jsonb`);
    await q.query(`ALTER TABLE "hosting"."deployment_operations" ADD "failure" jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."deployment_operations" DROP COLUMN "failure"`);
    await q.query(`ALTER TABLE "hosting"."import_operations" DROP COLUMN "failure"`);
  }
}
