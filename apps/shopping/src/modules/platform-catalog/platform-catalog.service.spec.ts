import { MigrationSet, dataSourceOptions, runMigrations } from '@platform/database';
import { DomainsClient } from '@platform/domains-client';
import { PlatformError } from '@platform/errors';
import {
  FAKE_DOMAINS_TLDS,
  FakeDomains,
  TestEnv,
  createTestEnv,
  describeWithVendorData,
  schemaDrift,
  startFakeDomains,
} from '@platform/testing';
import { loadUcpSchemas } from '@platform/testing/contracts';
import { DataSource } from 'typeorm';
import { CreatePlatformCatalog1797300000000 } from '../../database/migrations/1797300000000-create-platform-catalog';
import type { UcpMessage, UcpProduct } from '../ucp/ucp-types';
import { PlatformCatalogAdmin } from './platform-catalog-admin.service';
import { PlatformCatalogRepository } from './platform-catalog.repository';
import { PlatformCatalogService } from './platform-catalog.service';
import { PlatformProductEntity } from './platform-product.entity';
import { PlatformVariantEntity } from './platform-variant.entity';

const CREDENTIAL = 'c'.repeat(64);

/** This feature's tables and migration alone (the rest of the shopping schema is not its concern here). */
const CATALOG_SET: MigrationSet = {
  schema: 'shopping',
  entities: [PlatformProductEntity, PlatformVariantEntity],
  migrations: [CreatePlatformCatalog1797300000000],
};

const SEEDED_TLD_PRICES: Record<string, number> = {
  com: 1299,
  net: 1499,
  org: 1199,
  dev: 1599,
  io: 3999,
  app: 1599,
  shop: 499,
  ai: 8999,
};

describe('PlatformCatalogService (real PostgreSQL, fake domains service over HTTP)', () => {
  let env: TestEnv;
  let dataSource: DataSource;
  let fake: FakeDomains;
  let catalog: PlatformCatalogService;
  let admin: PlatformCatalogAdmin;
  const produced: UcpProduct[] = [];
  const emitted: UcpMessage[] = [];

  /** Every product and message the service returns is kept for the schema check at the end. */
  const keep = <T extends { products?: readonly UcpProduct[]; messages?: readonly UcpMessage[] }>(
    result: T,
  ): T => {
    produced.push(...(result.products ?? []));
    emitted.push(...(result.messages ?? []));
    return result;
  };

  beforeAll(async () => {
    env = await createTestEnv('shopping-platform-catalog');
    const connection = { url: env.db.url, applicationName: 'platform-catalog-spec', poolSize: 4 };
    await runMigrations(connection, [CATALOG_SET]);
    dataSource = await new DataSource(dataSourceOptions(connection, [CATALOG_SET])).initialize();
    fake = await startFakeDomains(CREDENTIAL);
    const client = new DomainsClient({ baseUrl: fake.url, internalCredential: CREDENTIAL, timeoutMs: 5000 });
    const rows = new PlatformCatalogRepository(dataSource.manager);
    catalog = new PlatformCatalogService(rows, client);
    admin = new PlatformCatalogAdmin(rows);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await fake?.close();
    await env?.teardown();
  });

  afterEach(() => fake.answerWith(undefined));

  const search = async (q: Partial<Parameters<PlatformCatalogService['search']>[0]>) =>
    keep(await catalog.search({ limit: 10, ...q }));

  describe('schema and seed', () => {
    it('has a migration that matches the entities exactly', async () => {
      expect(await schemaDrift(env.db.url, CATALOG_SET)).toEqual([]);
    });

    it('seeds one domain registration product priced per year for every TLD the registry sells', async () => {
      const rows = await dataSource.getRepository(PlatformVariantEntity).find({
        where: { productId: 'domain-registration' },
        order: { position: 'ASC' },
      });
      expect(Object.fromEntries(rows.map((r) => [r.attributes.tld, r.amount]))).toEqual(SEEDED_TLD_PRICES);
      expect([...rows.map((r) => r.attributes.tld)].sort()).toEqual([...FAKE_DOMAINS_TLDS].sort());
      for (const row of rows)
        expect(row).toMatchObject({
          currency: 'USD',
          status: 'ACTIVE',
          attributes: { minYears: 1, maxYears: 10 },
        });
    });

    it('reads the seeded catalog back as UCP products: hosting plans by slots, TLD rows not purchasable alone', async () => {
      const page = await search({ limit: 100 });
      expect(page.products.map((p) => p.id)).toEqual(['domain-registration', 'web-hosting']);
      expect(page.nextCursor).toBeNull();
      const hosting = page.products[1];
      expect(hosting).toMatchObject({
        title: 'Web Hosting',
        categories: [{ value: 'HOSTING_PLAN', taxonomy: 'merchant' }],
        metadata: { hostingProduct: 'WEB_HOSTING' },
        price_range: { min: { amount: 5988, currency: 'USD' }, max: { amount: 17988, currency: 'USD' } },
      });
      expect(hosting.variants.map((v) => [v.id, v.price.amount, v.availability?.available])).toEqual([
        ['web-hosting-1', 5988, true],
        ['web-hosting-3', 8988, true],
        ['web-hosting-10', 17988, true],
      ]);
      const domains = page.products[0];
      expect(domains.variants).toHaveLength(8);
      expect(domains.variants.every((v) => v.availability?.available === false)).toBe(true);
      expect(domains.metadata?.action_required).toMatchObject({ operation_id: 'search_catalog' });
    });
  });

  describe('domain search (q.domains)', () => {
    it('lists an available name with one variant per period, priced from its TLD row × years', async () => {
      const page = await search({ domains: ['fresh-name.com'] });
      expect(page.messages).toEqual([]);
      expect(page.nextCursor).toBeNull();
      const [product] = page.products;
      expect(product).toMatchObject({
        id: 'domain:fresh-name.com',
        title: 'fresh-name.com',
        categories: [{ value: 'DOMAIN_REGISTRATION', taxonomy: 'merchant' }],
        price_range: { min: { amount: 1299, currency: 'USD' }, max: { amount: 12990, currency: 'USD' } },
      });
      expect(product.variants.map((v) => [v.id, v.price.amount])).toEqual(
        Array.from({ length: 10 }, (_, i) => [`domain:fresh-name.com:${i + 1}y`, 1299 * (i + 1)]),
      );
      expect(product.variants.every((v) => v.availability?.available === true)).toBe(true);
    });

    it('still lists a taken name, every variant available: false', async () => {
      fake.take('taken-name.org');
      const page = await search({ domains: ['taken-name.org'] });
      expect(page.messages).toEqual([]);
      expect(page.products).toHaveLength(1);
      expect(page.products[0].metadata).toMatchObject({ available: false });
      expect(page.products[0].variants.map((v) => v.availability)).toEqual(
        Array(10).fill({ available: false, status: 'out_of_stock' }),
      );
      expect(page.products[0].variants[0].price.amount).toBe(1199);
    });

    it('reports a malformed name and an unsold TLD as warnings on $.domains[i], with no product', async () => {
      const page = await search({ domains: ['good-one.net', 'not a name', 'thing.zzz', 'Good-One.NET'] });
      expect(page.products.map((p) => p.id)).toEqual(['domain:good-one.net']);
      expect(page.messages).toEqual([
        expect.objectContaining({ type: 'warning', code: 'invalid_domain_name', path: '$.domains[1]' }),
        expect.objectContaining({ type: 'warning', code: 'unsupported_tld', path: '$.domains[2]' }),
      ]);
    });

    it('answers 100 names in request order with one availability call', async () => {
      const names = Array.from(
        { length: 100 },
        (_, i) => `bulk-${i}.${FAKE_DOMAINS_TLDS[i % FAKE_DOMAINS_TLDS.length]}`,
      );
      const before = fake.calls.length;
      const page = await search({ domains: names, limit: 5 });
      expect(page.products.map((p) => p.id)).toEqual(names.map((n) => `domain:${n}`));
      expect(fake.calls.length - before).toBe(1);
      expect(page.products[1].variants[0].price.amount).toBe(SEEDED_TLD_PRICES[FAKE_DOMAINS_TLDS[1]]);
    });

    it('answers 503 (retry) when the domains service cannot answer', async () => {
      fake.answerWith(503);
      await expect(catalog.search({ domains: ['x-down.com'], limit: 10 })).rejects.toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
    });
  });

  describe('product search (no domains)', () => {
    it('matches words of title, handle or description, as prefixes', async () => {
      expect((await search({ query: 'HOST' })).products.map((p) => p.id)).toEqual(['web-hosting']);
      expect((await search({ query: 'domain registr' })).products.map((p) => p.id)).toEqual([
        'domain-registration',
      ]);
      expect((await search({ query: 'nothing-like-it' })).products).toEqual([]);
    });

    it('filters by category (the product kind) and by a variant price, showing only the variants in range', async () => {
      expect((await search({ categories: ['hosting_plan'] })).products.map((p) => p.id)).toEqual([
        'web-hosting',
      ]);
      expect((await search({ categories: ['shoes'] })).products).toEqual([]);
      const page = await search({ priceMin: 9000, priceMax: 20000 });
      expect(page.products.map((p) => [p.id, p.variants.map((v) => v.id)])).toEqual([
        ['web-hosting', ['web-hosting-10']],
      ]);
    });

    it('says so and ignores the price filter when the currency is not the catalog’s', async () => {
      const page = await search({ currency: 'EUR', priceMin: 9000 });
      expect(page.products).toHaveLength(2);
      expect(page.messages.map((m) => [m.type, m.code, m.path])).toEqual([
        ['info', 'unsupported_currency', '$.context.currency'],
        ['info', 'price_filter_ignored', '$.filters.price'],
      ]);
    });

    it('pages by keyset: every product once, limit honoured, cursors bound to their filters', async () => {
      const products = dataSource.getRepository(PlatformProductEntity);
      const variants = dataSource.getRepository(PlatformVariantEntity);
      for (let i = 0; i < 7; i++) {
        const id = `paging-plan-${i}`;
        await products.insert({
          id,
          kind: 'HOSTING_PLAN',
          handle: id,
          title: `Paging plan ${i}`,
          description: 'for paging',
          status: 'ACTIVE',
          metadata: { hostingProduct: 'WEB_HOSTING' },
        });
        await variants.insert({
          id: `${id}-1`,
          productId: id,
          title: '1 slot',
          amount: 100 + i,
          currency: 'USD',
          attributes: { slotLimit: 1, periodYears: 1 },
          position: 0,
          status: 'ACTIVE',
        });
      }
      await products.insert({
        id: 'paging-empty',
        kind: 'HOSTING_PLAN',
        handle: 'paging-empty',
        title: 'No variant',
        description: 'never listed',
        status: 'ACTIVE',
        metadata: {},
      });
      try {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const page = await search({ limit: 3, cursor });
          expect(page.products.length).toBeLessThanOrEqual(3);
          seen.push(...page.products.map((p) => p.id));
          cursor = page.nextCursor ?? undefined;
          pages++;
        } while (cursor);
        expect(seen).toEqual([
          'domain-registration',
          ...Array.from({ length: 7 }, (_, i) => `paging-plan-${i}`),
          'web-hosting',
        ]);
        expect(pages).toBe(3);

        const first = await search({ limit: 2, query: 'paging' });
        expect(first.products.map((p) => p.id)).toEqual(['paging-plan-0', 'paging-plan-1']);
        const cursor1 = first.nextCursor ?? 'no cursor';
        const second = await search({ limit: 2, query: 'paging', cursor: cursor1 });
        expect(second.products.map((p) => p.id)).toEqual(['paging-plan-2', 'paging-plan-3']);
        const refused = [
          cursor1.slice(0, -2),
          'garbage',
          Buffer.from('["web-hosting"]').toString('base64url'),
        ];
        for (const bad of refused)
          await expect(catalog.search({ limit: 2, query: 'paging', cursor: bad })).rejects.toBeInstanceOf(
            PlatformError,
          );
        await expect(catalog.search({ limit: 2, query: 'other', cursor: cursor1 })).rejects.toMatchObject({
          status: 400,
          violations: [expect.objectContaining({ path: ['pagination', 'cursor'] })],
        });
      } finally {
        await dataSource.query(`DELETE FROM "shopping"."platform_variants" WHERE product_id LIKE 'paging-%'`);
        await dataSource.query(`DELETE FROM "shopping"."platform_products" WHERE id LIKE 'paging-%'`);
      }
    });
  });

  describe('lookup and product', () => {
    it('resolves product ids, variant ids and domain ids, each product once, and lists what names nothing', async () => {
      fake.take('gone-name.io');
      const ids = [
        'web-hosting-3',
        'web-hosting',
        'domain:lookup-me.dev',
        'domain:lookup-me.dev:2y',
        'domain:gone-name.io:1y',
        'domain:lookup-me.dev:11y',
        'domain:bad_name.com',
        'domain:unsold.zzz',
        'no-such-product',
        'domain-registration-com',
        '',
      ];
      const result = keep(await catalog.lookup(ids));
      expect(result.products.map((p) => p.id)).toEqual([
        'web-hosting',
        'domain:lookup-me.dev',
        'domain:gone-name.io',
        'domain-registration',
      ]);
      expect(result.missing).toEqual([
        'domain:lookup-me.dev:11y',
        'domain:bad_name.com',
        'domain:unsold.zzz',
        'no-such-product',
        '',
      ]);
      expect(result.matches).toEqual([
        { id: 'web-hosting-3', productId: 'web-hosting', variantId: 'web-hosting-3', match: 'exact' },
        { id: 'web-hosting', productId: 'web-hosting', variantId: 'web-hosting-1', match: 'featured' },
        {
          id: 'domain:lookup-me.dev',
          productId: 'domain:lookup-me.dev',
          variantId: 'domain:lookup-me.dev:1y',
          match: 'featured',
        },
        {
          id: 'domain:lookup-me.dev:2y',
          productId: 'domain:lookup-me.dev',
          variantId: 'domain:lookup-me.dev:2y',
          match: 'exact',
        },
        {
          id: 'domain:gone-name.io:1y',
          productId: 'domain:gone-name.io',
          variantId: 'domain:gone-name.io:1y',
          match: 'exact',
        },
        {
          id: 'domain-registration-com',
          productId: 'domain-registration',
          variantId: 'domain-registration-com',
          match: 'exact',
        },
      ]);
      expect(result.products[2].variants[0].availability?.available).toBe(false);
    });

    it('answers one product for a product or variant id, and undefined for an unknown one', async () => {
      expect((await catalog.product('web-hosting-10'))?.id).toBe('web-hosting');
      expect((await catalog.product('domain:one-more.shop:3y'))?.variants[2]).toMatchObject({
        id: 'domain:one-more.shop:3y',
        price: { amount: 1497, currency: 'USD' },
      });
      expect(await catalog.product('nothing-here')).toBeUndefined();
    });
  });

  describe('price()', () => {
    it('prices lines by variant id and says why each other line was dropped, on the input’s path', async () => {
      fake.take('sold-out.com');
      const cart = await catalog.price({
        lines: [
          { lineId: 'l0', itemId: 'web-hosting-3', quantity: 2 },
          { lineId: 'l1', itemId: 'domain:buy-me.com:2y', quantity: 1 },
          { lineId: 'l2', itemId: 'no-such-variant', quantity: 1 },
          { lineId: 'l3', itemId: 'domain:sold-out.com:1y', quantity: 1 },
          { lineId: 'l4', itemId: 'domain:two-of.net:1y', quantity: 2 },
          { lineId: 'l5', itemId: 'domain-registration-com', quantity: 1 },
          { lineId: 'l6', itemId: 'domain:buy-me.com', quantity: 1 },
          { lineId: 'l7', itemId: 'web-hosting-1', quantity: 0 },
          { lineId: 'l8', itemId: 'domain:buy-me.com:1y', quantity: 1 },
        ],
        discountCodes: ['SAVE10', 'WELCOME'],
        address: null,
        currencyPreference: 'EUR',
      });
      emitted.push(...cart.messages);
      expect(cart.lines).toEqual([
        {
          lineId: 'l0',
          itemId: 'web-hosting-3',
          title: 'Web Hosting, 3 app slots, 1 year',
          quantity: 2,
          unitAmount: 8988,
          discount: 0,
          tax: 0,
        },
        {
          lineId: 'l1',
          itemId: 'domain:buy-me.com:2y',
          title: 'buy-me.com, 2 years',
          quantity: 1,
          unitAmount: 2598,
          discount: 0,
          tax: 0,
        },
      ]);
      expect(cart).toMatchObject({
        currency: 'USD',
        subtotal: 2 * 8988 + 2598,
        discountTotal: 0,
        taxTotal: 0,
        total: 2 * 8988 + 2598,
        appliedDiscounts: [],
      });
      expect(cart.droppedLineIds).toEqual(['l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8']);
      expect(
        cart.messages.map((m) => [m.type, m.code, m.path, 'severity' in m ? m.severity : undefined]),
      ).toEqual([
        ['error', 'item_not_found', '$.line_items[2].item.id', 'recoverable'],
        ['error', 'item_unavailable', '$.line_items[3].item.id', 'recoverable'],
        ['error', 'validation_error', '$.line_items[4].quantity', 'recoverable'],
        ['error', 'item_unavailable', '$.line_items[5].item.id', 'recoverable'],
        ['error', 'item_not_found', '$.line_items[6].item.id', 'recoverable'],
        ['error', 'validation_error', '$.line_items[7].quantity', 'recoverable'],
        ['error', 'validation_error', '$.line_items[8].item.id', 'recoverable'],
        ['warning', 'discount_code_invalid', '$.discounts.codes[0]', undefined],
        ['warning', 'discount_code_invalid', '$.discounts.codes[1]', undefined],
        ['error', 'unsupported_currency', '$.context.currency', 'recoverable'],
      ]);
    });

    it('takes the catalog’s own currency as a preference, in any case, without a message', async () => {
      const cart = await catalog.price({
        lines: [],
        discountCodes: [],
        address: null,
        currencyPreference: 'usd',
      });
      expect(cart).toMatchObject({ currency: 'USD', lines: [], total: 0, messages: [], droppedLineIds: [] });
    });
  });

  describe('resolveLine()', () => {
    it('tells provisioning what a line is: a domain and its years, or a hosting plan and its slots', async () => {
      expect(await catalog.resolveLine('domain:provision-me.com:3y')).toEqual({
        kind: 'DOMAIN',
        domain: 'provision-me.com',
        periodYears: 3,
      });
      expect(await catalog.resolveLine('web-hosting-10')).toEqual({
        kind: 'HOSTING_PLAN',
        hostingProduct: 'WEB_HOSTING',
        slotLimit: 10,
      });
      expect(await catalog.resolveLine('domain-registration-com')).toBeUndefined();
      expect(await catalog.resolveLine('domain:provision-me.com')).toBeUndefined();
      expect(await catalog.resolveLine('nope')).toBeUndefined();
    });
  });

  describe('admin changes', () => {
    it('applies a new price to the next search, without a restart', async () => {
      expect((await search({ domains: ['price-watch.com'] })).products[0].variants[2].price.amount).toBe(
        3 * 1299,
      );
      await admin.setPrice('domain-registration-com', 1399);
      try {
        expect((await search({ domains: ['price-watch.com'] })).products[0].variants[2].price.amount).toBe(
          3 * 1399,
        );
        const cart = await catalog.price({
          lines: [{ lineId: 'a', itemId: 'domain:price-watch.com:1y', quantity: 1 }],
          discountCodes: [],
          address: null,
        });
        expect(cart.total).toBe(1399);
      } finally {
        await admin.setPrice('domain-registration-com', 1299);
      }
    });

    it('stops offering an archived row and a name whose TLD row is archived', async () => {
      await admin.archiveVariant('domain-registration-shop');
      try {
        const page = await search({ domains: ['no-more.shop'] });
        expect(page.products).toEqual([]);
        expect(page.messages).toEqual([
          expect.objectContaining({ code: 'unsupported_tld', path: '$.domains[0]' }),
        ]);
        const cart = await catalog.price({
          lines: [{ lineId: 'a', itemId: 'domain:no-more.shop:1y', quantity: 1 }],
          discountCodes: [],
          address: null,
        });
        expect(cart.droppedLineIds).toEqual(['a']);
      } finally {
        await dataSource
          .getRepository(PlatformVariantEntity)
          .update({ id: 'domain-registration-shop' }, { status: 'ACTIVE' });
      }
    });
  });

  describeWithVendorData('ucp', 'what the catalog produced, against the UCP 2026-04-08 schemas', (ucp) => {
    it('every product is a valid types/product.json and every message a valid types/message.json', () => {
      const schemas = loadUcpSchemas(ucp.dir);
      const product = schemas.validator('https://ucp.dev/schemas/shopping/types/product.json');
      const message = schemas.validator('https://ucp.dev/schemas/shopping/types/message.json');
      const valid = (validate: (data: unknown) => boolean, data: unknown): boolean => validate(data);
      expect(produced.length).toBeGreaterThan(100);
      expect(emitted.length).toBeGreaterThan(5);
      const problems = [
        ...produced.flatMap((p) => (valid(product, p) ? [] : [`${p.id}: ${JSON.stringify(product.errors)}`])),
        ...emitted.flatMap((m) =>
          valid(message, m) ? [] : [`${m.code}: ${JSON.stringify(message.errors)}`],
        ),
      ];
      expect(problems).toEqual([]);
    });
  });
});
