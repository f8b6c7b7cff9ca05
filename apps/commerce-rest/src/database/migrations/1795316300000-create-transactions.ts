import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTransactions1795316300000 implements MigrationInterface {
  name = 'CreateTransactions1795316300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "commerce"."transactions" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "type" character varying(16) NOT NULL,
      "status" character varying(16) NOT NULL,
      "amount" bigint NOT NULL,
      "currency" character(3) NOT NULL,
      "order_id" character varying(64) NOT NULL,
      "channel_id" uuid,
      "processor" character varying(32) NOT NULL,
      "processor_reference" character varying(64) NOT NULL,
      "parent_transaction_id" uuid,
      "notes" character varying(512),
      "source_event_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_transactions" PRIMARY KEY ("id"),
      CONSTRAINT "FK_transactions_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_transactions_parent" FOREIGN KEY ("parent_transaction_id") REFERENCES "commerce"."transactions"("id") ON DELETE SET NULL)`);
    await q.query(
      `CREATE INDEX "transactions_store_created_idx" ON "commerce"."transactions" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "transactions_store_updated_idx" ON "commerce"."transactions" ("store_id", "updated_at")`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "transactions_store_source_event_key" ON "commerce"."transactions" ("store_id", "source_event_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "commerce"."transactions"`);
  }
}
