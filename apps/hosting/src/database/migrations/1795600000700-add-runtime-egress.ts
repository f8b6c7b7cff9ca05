import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each variant's effective egress as its worker runs it (`runtime_egress`: INTERNET, NONE,
 * UNRESTRICTED), shown in the status (docs/hosting.md, "Isolation"): a sandbox on a host without
 * nft runs with egress NONE.
 */
export class AddRuntimeEgress1795600000700 implements MigrationInterface {
  name = 'AddRuntimeEgress1795600000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "runtime_egress" character varying(16)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_egress"`);
  }
}
