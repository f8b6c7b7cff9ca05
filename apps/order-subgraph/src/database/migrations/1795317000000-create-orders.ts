import { MigrationInterface, QueryRunner } from 'typeorm';

/** Schema `orders`: orders, their line items, notes, discounts, payments, status history, the outbox. */
export class CreateOrders1795317000000 implements MigrationInterface {
  name = 'CreateOrders1795317000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "orders"`);
    await q.query(`CREATE TABLE "orders"."store_order_counters" (
      "store_id" uuid NOT NULL,
      "last_number" bigint NOT NULL,
      CONSTRAINT "PK_store_order_counters" PRIMARY KEY ("store_id"))`);
    await q.query(`CREATE TABLE "orders"."orders" (
      "id" character varying(40) NOT NULL,
      "store_id" uuid NOT NULL,
      "number" bigint NOT NULL,
      "status" character varying(16) NOT NULL,
      "payment_status" character varying(24) NOT NULL,
      "fulfillment_status" character varying(24) NOT NULL,
      "channel_id" uuid,
      "customer_id" uuid,
      "currency_code" character(3) NOT NULL,
      "sub_total" bigint NOT NULL,
      "discount_total" bigint NOT NULL,
      "shipping_total" bigint NOT NULL,
      "tax_total" bigint NOT NULL,
      "fee_total" bigint NOT NULL,
      "total" bigint NOT NULL,
      "paid_total" bigint NOT NULL,
      "refunded_total" bigint NOT NULL,
      "billing" jsonb,
      "shipping" jsonb,
      "tags" text array NOT NULL,
      "order_version" integer NOT NULL,
      "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "paid_at" TIMESTAMP WITH TIME ZONE,
      "completed_at" TIMESTAMP WITH TIME ZONE,
      "canceled_at" TIMESTAMP WITH TIME ZONE,
      "cancel_reason" character varying(512),
      "archived_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_orders" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "orders_store_number_key" ON "orders"."orders" ("store_id", "number")`,
    );
    await q.query(
      `CREATE INDEX "orders_store_created_idx" ON "orders"."orders" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "orders_store_updated_idx" ON "orders"."orders" ("store_id", "updated_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "orders_store_processed_idx" ON "orders"."orders" ("store_id", "processed_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "orders_store_customer_idx" ON "orders"."orders" ("store_id", "customer_id")`,
    );
    // GIN for the `tags` any-of filter (tags && $1); declared with synchronize: false on the entity.
    await q.query(`CREATE INDEX "orders_tags_idx" ON "orders"."orders" USING gin ("tags")`);

    await q.query(`CREATE TABLE "orders"."line_items" (
      "id" character varying(40) NOT NULL,
      "order_id" character varying(40) NOT NULL,
      "store_id" uuid NOT NULL,
      "position" integer NOT NULL,
      "type" character varying(16) NOT NULL,
      "name" character varying(256) NOT NULL,
      "sku_id" character varying(64),
      "quantity" integer NOT NULL,
      "unit_amount" bigint NOT NULL,
      "sub_total" bigint NOT NULL,
      "discount_total" bigint NOT NULL,
      "tax_total" bigint NOT NULL,
      "total" bigint NOT NULL,
      "fulfillment_mode" character varying(24) NOT NULL,
      "status" character varying(24) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_line_items" PRIMARY KEY ("id"),
      CONSTRAINT "FK_line_items_order" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "line_items_order_idx" ON "orders"."line_items" ("order_id", "position")`);
    await q.query(
      `CREATE INDEX "line_items_store_sku_idx" ON "orders"."line_items" ("store_id", "sku_id", "id")`,
    );

    await q.query(`CREATE TABLE "orders"."order_notes" (
      "id" uuid NOT NULL,
      "seq" BIGSERIAL NOT NULL,
      "order_id" character varying(40) NOT NULL,
      "content" character varying(2000) NOT NULL,
      "author_type" character varying(16) NOT NULL,
      "author_id" character varying(64),
      "should_notify_customer" boolean NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_order_notes" PRIMARY KEY ("id"),
      CONSTRAINT "FK_order_notes_order" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "order_notes_order_idx" ON "orders"."order_notes" ("order_id", "seq")`);

    await q.query(`CREATE TABLE "orders"."order_discounts" (
      "id" uuid NOT NULL,
      "order_id" character varying(40) NOT NULL,
      "name" character varying(128) NOT NULL,
      "code" character varying(64),
      "amount" bigint NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_order_discounts" PRIMARY KEY ("id"),
      CONSTRAINT "FK_order_discounts_order" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE INDEX "order_discounts_order_idx" ON "orders"."order_discounts" ("order_id", "created_at")`,
    );

    await q.query(`CREATE TABLE "orders"."order_payments" (
      "id" uuid NOT NULL,
      "seq" BIGSERIAL NOT NULL,
      "order_id" character varying(40) NOT NULL,
      "type" character varying(16) NOT NULL,
      "amount" bigint NOT NULL,
      "currency_code" character(3) NOT NULL,
      "parent_id" uuid,
      "refunded_amount" bigint NOT NULL,
      "processor_reference" character varying(64),
      "notes" character varying(512),
      "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_order_payments" PRIMARY KEY ("id"),
      CONSTRAINT "FK_order_payments_order" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "order_payments_order_idx" ON "orders"."order_payments" ("order_id", "seq")`);

    await q.query(`CREATE TABLE "orders"."order_status_changes" (
      "id" BIGSERIAL NOT NULL,
      "order_id" character varying(40) NOT NULL,
      "kind" character varying(24) NOT NULL,
      "from_value" character varying(32),
      "to_value" character varying(32) NOT NULL,
      "reason" character varying(512),
      "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_order_status_changes" PRIMARY KEY ("id"),
      CONSTRAINT "FK_order_status_changes_order" FOREIGN KEY ("order_id") REFERENCES "orders"."orders"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE INDEX "order_status_changes_order_idx" ON "orders"."order_status_changes" ("order_id", "id")`,
    );

    await q.query(`CREATE TABLE "orders"."outbox_events" (
      "id" uuid NOT NULL,
      "queue" character varying(64) NOT NULL,
      "job_name" character varying(64) NOT NULL,
      "job_id" character varying(128) NOT NULL,
      "payload" jsonb NOT NULL,
      "attempts" integer NOT NULL,
      "last_error" character varying(512),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_outbox_events" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "outbox_events_due_idx" ON "orders"."outbox_events" ("next_attempt_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."outbox_events"`);
    await q.query(`DROP TABLE "orders"."order_status_changes"`);
    await q.query(`DROP TABLE "orders"."order_payments"`);
    await q.query(`DROP TABLE "orders"."order_discounts"`);
    await q.query(`DROP TABLE "orders"."order_notes"`);
    await q.query(`DROP TABLE "orders"."line_items"`);
    await q.query(`DROP TABLE "orders"."orders"`);
    await q.query(`DROP TABLE "orders"."store_order_counters"`);
  }
}
