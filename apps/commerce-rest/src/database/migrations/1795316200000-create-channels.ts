import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateChannels1795316200000 implements MigrationInterface {
  name = 'CreateChannels1795316200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "commerce"."channels" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" character varying(128) NOT NULL,
      "type" character varying(16) NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'ACTIVE',
      "external_channel_id" character varying(64),
      "sub_type" character varying(256),
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_channels" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "channels_created_at_id_idx" ON "commerce"."channels" ("created_at", "id")`);
    await q.query(
      `CREATE INDEX "channels_external_channel_id_idx" ON "commerce"."channels" ("external_channel_id")`,
    );
    await q.query(`CREATE TABLE "commerce"."channel_stores" (
      "channel_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'ENABLED',
      "is_default" boolean NOT NULL DEFAULT false,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_channel_stores" PRIMARY KEY ("channel_id", "store_id"),
      CONSTRAINT "FK_channel_stores_channel" FOREIGN KEY ("channel_id") REFERENCES "commerce"."channels"("id") ON DELETE CASCADE,
      CONSTRAINT "FK_channel_stores_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "channel_stores_store_id_idx" ON "commerce"."channel_stores" ("store_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "channel_stores_store_default_uidx" ON "commerce"."channel_stores" ("store_id") WHERE "is_default"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "commerce"."channel_stores"`);
    await q.query(`DROP TABLE "commerce"."channels"`);
  }
}
