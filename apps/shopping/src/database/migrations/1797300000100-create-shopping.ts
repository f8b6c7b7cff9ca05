import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateShopping1797300000100 implements MigrationInterface {
  name = 'CreateShopping1797300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "shopping"."checkout_sessions" (
      "id" character varying(40) NOT NULL,
      "business" character varying(48) NOT NULL,
      "account_id" uuid NOT NULL,
      "agent_profile_url" text NOT NULL,
      "status" character varying(24) NOT NULL,
      "currency" character(3) NOT NULL,
      "input" jsonb NOT NULL,
      "line_items" jsonb NOT NULL,
      "totals" jsonb NOT NULL,
      "messages" jsonb NOT NULL,
      "applied_discounts" jsonb NOT NULL,
      "order_id" character varying(40),
      "cart_id" character varying(40),
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "version" integer NOT NULL,
      CONSTRAINT "PK_checkout_sessions" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "checkout_sessions_account_idx" ON "shopping"."checkout_sessions" ("account_id", "created_at")`,
    );
    await q.query(
      `CREATE INDEX "checkout_sessions_expiry_idx" ON "shopping"."checkout_sessions" ("expires_at") WHERE status NOT IN ('completed', 'canceled')`,
    );
    await q.query(`CREATE TABLE "shopping"."carts" (
      "id" character varying(40) NOT NULL,
      "business" character varying(48) NOT NULL,
      "account_id" uuid NOT NULL,
      "state" character varying(16) NOT NULL,
      "currency" character(3) NOT NULL,
      "input" jsonb NOT NULL,
      "line_items" jsonb NOT NULL,
      "totals" jsonb NOT NULL,
      "messages" jsonb NOT NULL,
      "applied_discounts" jsonb NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "version" integer NOT NULL,
      CONSTRAINT "PK_carts" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "carts_account_idx" ON "shopping"."carts" ("account_id", "created_at")`);
    await q.query(`CREATE TABLE "shopping"."orders" (
      "id" character varying(40) NOT NULL,
      "checkout_id" character varying(40) NOT NULL,
      "business" character varying(48) NOT NULL,
      "account_id" uuid NOT NULL,
      "currency" character(3) NOT NULL,
      "line_items" jsonb NOT NULL,
      "totals" jsonb NOT NULL,
      "events" jsonb NOT NULL,
      "adjustments" jsonb NOT NULL,
      "external_order_id" character varying(64),
      "webhook_url" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "version" integer NOT NULL,
      CONSTRAINT "PK_orders" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "orders_checkout_key" ON "shopping"."orders" ("checkout_id")`);
    await q.query(`CREATE INDEX "orders_account_idx" ON "shopping"."orders" ("account_id", "created_at")`);
    await q.query(`CREATE TABLE "shopping"."order_events" (
      "id" BIGSERIAL NOT NULL,
      "order_id" character varying(40) NOT NULL,
      "sequence" integer NOT NULL,
      "type" character varying(48) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "delivered_at" TIMESTAMP WITH TIME ZONE,
      "attempts" integer NOT NULL DEFAULT 0,
      CONSTRAINT "PK_order_events" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "order_events_order_sequence_key" ON "shopping"."order_events" ("order_id", "sequence")`,
    );
    await q.query(
      `CREATE INDEX "order_events_pending_idx" ON "shopping"."order_events" ("order_id", "sequence") WHERE delivered_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "shopping"."order_events"`);
    await q.query(`DROP TABLE "shopping"."orders"`);
    await q.query(`DROP TABLE "shopping"."carts"`);
    await q.query(`DROP TABLE "shopping"."checkout_sessions"`);
  }
}
