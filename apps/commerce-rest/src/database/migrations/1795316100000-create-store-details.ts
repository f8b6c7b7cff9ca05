import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Store attributes, government ids, and the tables behind GET store's optional joins (phone,
 * address, payment attributes, devices, processor data, business agreements, subscribed bundles).
 */
export class CreateStoreDetails1795316100000 implements MigrationInterface {
  name = 'CreateStoreDetails1795316100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "commerce"."store_attributes" (
      "store_id" uuid NOT NULL,
      "name" character varying(64) NOT NULL,
      "value" character varying(256) NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_store_attributes" PRIMARY KEY ("store_id", "name"),
      CONSTRAINT "FK_store_attributes_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE INDEX "store_attributes_expires_at_idx" ON "commerce"."store_attributes" ("expires_at")`,
    );

    await q.query(`CREATE TABLE "commerce"."business_government_ids" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "business_id" uuid NOT NULL,
      "type" character varying(8) NOT NULL,
      "government_id_ciphertext" bytea NOT NULL,
      "position" smallint NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "business_government_ids_type_check" CHECK ("type" IN ('EIN', 'SSN')),
      CONSTRAINT "PK_business_government_ids" PRIMARY KEY ("id"),
      CONSTRAINT "FK_business_government_ids_business" FOREIGN KEY ("business_id") REFERENCES "commerce"."businesses"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE INDEX "business_government_ids_business_id_idx" ON "commerce"."business_government_ids" ("business_id")`,
    );

    await q.query(`CREATE TABLE "commerce"."store_phones" (
      "store_id" uuid NOT NULL,
      "type" character varying(8),
      "country_code" character varying(3) NOT NULL,
      "national_number" character varying(14) NOT NULL,
      "extension_number" character varying(15),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "store_phones_type_check" CHECK ("type" IN ('FAX', 'HOME', 'MOBILE', 'OTHER', 'WORK')),
      CONSTRAINT "PK_store_phones" PRIMARY KEY ("store_id"),
      CONSTRAINT "FK_store_phones_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);

    await q.query(`CREATE TABLE "commerce"."store_addresses" (
      "store_id" uuid NOT NULL,
      "address_line1" character varying(300),
      "address_line2" character varying(300),
      "address_line3" character varying(100),
      "admin_area1" character varying(300),
      "admin_area2" character varying(300),
      "admin_area3" character varying(100),
      "admin_area4" character varying(100),
      "postal_code" character varying(60),
      "country_code" character varying(2) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "store_addresses_country_code_check" CHECK ("country_code" ~ '^([A-Z]{2}|C2)$'),
      CONSTRAINT "PK_store_addresses" PRIMARY KEY ("store_id"),
      CONSTRAINT "FK_store_addresses_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);

    await q.query(`CREATE TABLE "commerce"."store_payment_attributes" (
      "store_id" uuid NOT NULL,
      "name" character varying(64) NOT NULL,
      "value" character varying(256) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_store_payment_attributes" PRIMARY KEY ("store_id", "name"),
      CONSTRAINT "FK_store_payment_attributes_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);

    await q.query(`CREATE TABLE "commerce"."store_devices" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "type" character varying(16) NOT NULL,
      "terminal_id" character varying(64) NOT NULL,
      "serial_number" character varying(64),
      "model" character varying(64),
      "status" character varying(16) NOT NULL DEFAULT 'CREATED',
      "activated_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "store_devices_type_check" CHECK ("type" IN ('TERMINAL', 'VIRTUAL_TERMINAL')),
      CONSTRAINT "store_devices_status_check" CHECK ("status" IN ('CREATED', 'ACTIVATED', 'DEACTIVATED')),
      CONSTRAINT "PK_store_devices" PRIMARY KEY ("id"),
      CONSTRAINT "FK_store_devices_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE UNIQUE INDEX "store_devices_store_terminal_id_key" ON "commerce"."store_devices" ("store_id", "terminal_id")`,
    );

    await q.query(`CREATE TABLE "commerce"."store_processor_data" (
      "store_id" uuid NOT NULL,
      "name" character varying(64) NOT NULL,
      "sensitive" boolean NOT NULL DEFAULT false,
      "value" character varying(1024),
      "value_ciphertext" bytea,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "store_processor_data_value_check" CHECK (("sensitive" AND "value" IS NULL AND "value_ciphertext" IS NOT NULL) OR (NOT "sensitive" AND "value" IS NOT NULL AND "value_ciphertext" IS NULL)),
      CONSTRAINT "PK_store_processor_data" PRIMARY KEY ("store_id", "name"),
      CONSTRAINT "FK_store_processor_data_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);

    await q.query(`CREATE TABLE "commerce"."business_agreements" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "business_id" uuid NOT NULL,
      "type" character varying(64) NOT NULL,
      "version" character varying(32) NOT NULL,
      "accepted_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "accepted_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_business_agreements" PRIMARY KEY ("id"),
      CONSTRAINT "FK_business_agreements_business" FOREIGN KEY ("business_id") REFERENCES "commerce"."businesses"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE UNIQUE INDEX "business_agreements_business_type_version_key" ON "commerce"."business_agreements" ("business_id", "type", "version")`,
    );
    await q.query(
      `CREATE INDEX "business_agreements_business_accepted_at_idx" ON "commerce"."business_agreements" ("business_id", "accepted_at")`,
    );

    await q.query(`CREATE TABLE "commerce"."store_subscribed_bundles" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "name" character varying(64) NOT NULL,
      "type" character varying(32),
      "feature_list" text array NOT NULL,
      "feature_config" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_store_subscribed_bundles" PRIMARY KEY ("id"),
      CONSTRAINT "FK_store_subscribed_bundles_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE UNIQUE INDEX "store_subscribed_bundles_store_name_key" ON "commerce"."store_subscribed_bundles" ("store_id", "name")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "commerce"."store_subscribed_bundles"`);
    await q.query(`DROP TABLE "commerce"."business_agreements"`);
    await q.query(`DROP TABLE "commerce"."store_processor_data"`);
    await q.query(`DROP TABLE "commerce"."store_devices"`);
    await q.query(`DROP TABLE "commerce"."store_payment_attributes"`);
    await q.query(`DROP TABLE "commerce"."store_addresses"`);
    await q.query(`DROP TABLE "commerce"."store_phones"`);
    await q.query(`DROP TABLE "commerce"."business_government_ids"`);
    await q.query(`DROP TABLE "commerce"."store_attributes"`);
  }
}
