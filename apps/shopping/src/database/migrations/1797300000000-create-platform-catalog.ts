import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the platform sells when the catalog is created: its prices from then on live in these rows. */
const PRODUCTS = [
  {
    id: 'domain-registration',
    kind: 'DOMAIN_REGISTRATION',
    title: 'Domain registration',
    description:
      'Register a domain name for 1 to 10 years. Search the catalog with domains: [names] to see which names can be bought and their prices.',
    metadata: { product_family: 'domains', product_type: 'domain_registration' },
  },
  {
    id: 'web-hosting',
    kind: 'HOSTING_PLAN',
    title: 'Web Hosting',
    description:
      'Hosting for Node.js apps on the platform, billed yearly: a plan runs as many apps as it has slots.',
    metadata: { product_family: 'hosting', product_type: 'web_hosting', hostingProduct: 'WEB_HOSTING' },
  },
];

/** USD cents per year, for the TLDs the domains service's registry sells. */
const TLD_PRICES: readonly [string, number][] = [
  ['com', 1299],
  ['net', 1499],
  ['org', 1199],
  ['dev', 1599],
  ['io', 3999],
  ['app', 1599],
  ['shop', 499],
  ['ai', 8999],
];

/** WEB_HOSTING plans by slot count, USD cents for one year. */
const HOSTING_PLANS: readonly [number, number][] = [
  [1, 5988],
  [3, 8988],
  [10, 17988],
];

const VARIANTS = [
  ...TLD_PRICES.map(([tld, amount], position) => ({
    id: `domain-registration-${tld}`,
    productId: 'domain-registration',
    title: `.${tld} registration, per year`,
    amount,
    attributes: { tld, minYears: 1, maxYears: 10 },
    position,
  })),
  ...HOSTING_PLANS.map(([slotLimit, amount], position) => ({
    id: `web-hosting-${slotLimit}`,
    productId: 'web-hosting',
    title: `${slotLimit} app slot${slotLimit === 1 ? '' : 's'}, 1 year`,
    amount,
    attributes: { slotLimit, periodYears: 1 },
    position,
  })),
];

export class CreatePlatformCatalog1797300000000 implements MigrationInterface {
  name = 'CreatePlatformCatalog1797300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "shopping"."platform_products" (
      "id" character varying(64) NOT NULL,
      "kind" character varying(32) NOT NULL,
      "handle" character varying(64) NOT NULL,
      "title" character varying(200) NOT NULL,
      "description" text NOT NULL,
      "status" character varying(16) NOT NULL,
      "metadata" jsonb NOT NULL DEFAULT '{}',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "platform_products_status_check" CHECK ("status" IN ('ACTIVE', 'ARCHIVED')),
      CONSTRAINT "platform_products_kind_check" CHECK ("kind" IN ('DOMAIN_REGISTRATION', 'HOSTING_PLAN')),
      CONSTRAINT "PK_0dec733c2c6b263d08871806610" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "platform_products_active_kind_idx" ON "shopping"."platform_products" ("kind", "id") WHERE "status" = 'ACTIVE'`,
    );
    await q.query(
      `CREATE INDEX "platform_products_active_idx" ON "shopping"."platform_products" ("id") WHERE "status" = 'ACTIVE'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "platform_products_handle_key" ON "shopping"."platform_products" ("handle")`,
    );
    // The free-text search (PlatformCatalogService.search) uses exactly this expression.
    await q.query(
      `CREATE INDEX "platform_products_search_idx" ON "shopping"."platform_products" USING GIN (to_tsvector('simple', "title" || ' ' || "handle" || ' ' || "description"))`,
    );
    await q.query(`CREATE TABLE "shopping"."platform_variants" (
      "id" character varying(64) NOT NULL,
      "product_id" character varying(64) NOT NULL,
      "title" character varying(200) NOT NULL,
      "amount" bigint NOT NULL,
      "currency" character varying(3) NOT NULL,
      "attributes" jsonb NOT NULL DEFAULT '{}',
      "position" integer NOT NULL,
      "status" character varying(16) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "platform_variants_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$'),
      CONSTRAINT "platform_variants_amount_check" CHECK ("amount" >= 0),
      CONSTRAINT "platform_variants_status_check" CHECK ("status" IN ('ACTIVE', 'ARCHIVED')),
      CONSTRAINT "PK_20f8b6b1691c8a4b71fc921333f" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "platform_variants_product_position_key" ON "shopping"."platform_variants" ("product_id", "position")`,
    );
    // One ACTIVE price per TLD: how a domain name finds its price.
    await q.query(
      `CREATE UNIQUE INDEX "platform_variants_active_tld_key" ON "shopping"."platform_variants" (("attributes" ->> 'tld')) WHERE "status" = 'ACTIVE'`,
    );
    await q.query(
      `ALTER TABLE "shopping"."platform_variants" ADD CONSTRAINT "platform_variants_product_fk" FOREIGN KEY ("product_id") REFERENCES "shopping"."platform_products"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );

    for (const p of PRODUCTS) {
      await q.query(
        `INSERT INTO "shopping"."platform_products" ("id", "kind", "handle", "title", "description", "status", "metadata")
         VALUES ($1, $2, $1, $3, $4, 'ACTIVE', $5)`,
        [p.id, p.kind, p.title, p.description, JSON.stringify(p.metadata)],
      );
    }
    for (const v of VARIANTS) {
      await q.query(
        `INSERT INTO "shopping"."platform_variants" ("id", "product_id", "title", "amount", "currency", "attributes", "position", "status")
         VALUES ($1, $2, $3, $4, 'USD', $5, $6, 'ACTIVE')`,
        [v.id, v.productId, v.title, v.amount, JSON.stringify(v.attributes), v.position],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "shopping"."platform_variants"`);
    await q.query(`DROP TABLE "shopping"."platform_products"`);
  }
}
