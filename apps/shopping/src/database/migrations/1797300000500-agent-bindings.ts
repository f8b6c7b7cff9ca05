import { MigrationInterface, QueryRunner } from 'typeorm';

export class AgentBindings1797300000500 implements MigrationInterface {
  name = 'AgentBindings1797300000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "shopping"."agent_bindings" (
      "token_id" character varying(64) NOT NULL,
      "profile_url" text NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_agent_bindings" PRIMARY KEY ("token_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "shopping"."agent_bindings"`);
  }
}
