import { runCli } from '@platform/cli';
import { dataSourceOptions, runMigrations } from '@platform/database';
import { TestEnv, createTestEnv, runAdminCli } from '@platform/testing';
import { DataSource } from 'typeorm';
import { SHOPPING_MIGRATION_SET } from '../database/shopping.migration-set';
import { PlatformCatalogRepository } from '../modules/platform-catalog/platform-catalog.repository';
import { PlatformCatalogService } from '../modules/platform-catalog/platform-catalog.service';
import type { ShoppingAdminContext } from './admin-context';
import { SHOPPING_COMMANDS } from './shopping-commands';

describe('admin CLI shopping-product list|set-price|add-variant|archive (real PostgreSQL)', () => {
  let env: TestEnv;
  let dataSource: DataSource;
  let catalog: PlatformCatalogService;

  beforeAll(async () => {
    env = await createTestEnv('shopping-product-cli');
    const connection = { url: env.db.url, applicationName: 'shopping-product-cli-spec', poolSize: 4 };
    await runMigrations(connection, [SHOPPING_MIGRATION_SET]);
    dataSource = await new DataSource(dataSourceOptions(connection, [SHOPPING_MIGRATION_SET])).initialize();
    // Searches without domains never ask the domains service.
    catalog = new PlatformCatalogService(new PlatformCatalogRepository(dataSource.manager), {
      availability: () => Promise.reject(new Error('not used by these searches')),
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.teardown();
  });

  /** The CLI as `npm run -s admin -- …` runs it (runCli), on the suite's database: exit code and JSON. */
  const admin = async (...argv: string[]): Promise<{ code: number; json: Record<string, unknown> }> => {
    let out = '';
    const context: ShoppingAdminContext = { catalog: new PlatformCatalogRepository(dataSource.manager) };
    const code = await runCli(
      SHOPPING_COMMANDS,
      argv,
      async () => ({ context, close: async () => undefined }),
      { stdout: (text) => (out += text), stderr: (text) => (out += text) },
    );
    return { code, json: JSON.parse(out) as Record<string, unknown> };
  };

  const errorCode = async (...argv: string[]) => {
    const result = await admin(...argv);
    expect(result.code).toBe(1);
    expect(result.json).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    return (result.json.error as { code: string }).code;
  };

  const hostingVariants = async () =>
    (await catalog.search({ limit: 10, categories: ['HOSTING_PLAN'] })).products.flatMap((p) =>
      p.variants.map((v) => [v.id, v.price.amount]),
    );

  it('is dispatched by `npm run -s admin -- shopping-product …` (scripts/admin.js builds and runs the shopping app)', async () => {
    const listed = await runAdminCli(env, 'shopping-product', 'list');
    expect(listed.code).toBe(0);
    expect((listed.json.products as unknown as { id: string }[]).map((p) => p.id)).toEqual([
      'domain-registration',
      'web-hosting',
    ]);
    const refused = await runAdminCli(env, 'shopping-product', 'set-price', '--variant', 'web-hosting-1');
    expect(refused.code).toBe(1);
    expect(refused.json.error?.code).toBe('MISSING_FLAG');
  }, 300_000);

  it('lists every product with every price row', async () => {
    const { code, json } = await admin('shopping-product', 'list');
    expect(code).toBe(0);
    const products = json.products as {
      id: string;
      kind: string;
      variants: { id: string; amount: number }[];
    }[];
    expect(products.map((p) => [p.id, p.kind, p.variants.length])).toEqual([
      ['domain-registration', 'DOMAIN_REGISTRATION', 8],
      ['web-hosting', 'HOSTING_PLAN', 3],
    ]);
    expect(products[1].variants[0]).toEqual({
      id: 'web-hosting-1',
      productId: 'web-hosting',
      title: '1 app slot, 1 year',
      amount: 5988,
      currency: 'USD',
      attributes: { slotLimit: 1, periodYears: 1 },
      position: 0,
      status: 'ACTIVE',
    });
  });

  it('sets a price that the next search shows', async () => {
    const result = await admin(
      'shopping-product',
      'set-price',
      '--variant',
      'web-hosting-3',
      '--amount',
      '9999',
      '--currency',
      'usd',
    );
    expect(result).toEqual({
      code: 0,
      json: expect.objectContaining({ id: 'web-hosting-3', amount: 9999, currency: 'USD' }),
    });
    expect(await hostingVariants()).toContainEqual(['web-hosting-3', 9999]);
  });

  it.each([
    ['an unknown variant', ['--variant', 'web-hosting-99', '--amount', '1'], 'VARIANT_NOT_FOUND'],
    [
      'another currency than the catalog’s',
      ['--variant', 'web-hosting-3', '--amount', '1', '--currency', 'EUR'],
      'CURRENCY_MISMATCH',
    ],
    ['a negative amount', ['--variant', 'web-hosting-3', '--amount', '-5'], 'INVALID_FLAG_VALUE'],
    ['a fractional amount', ['--variant', 'web-hosting-3', '--amount', '12.5'], 'INVALID_FLAG_VALUE'],
    [
      'a currency that is not a code',
      ['--variant', 'web-hosting-3', '--amount', '1', '--currency', 'dollars'],
      'INVALID_FLAG_VALUE',
    ],
    ['no --amount', ['--variant', 'web-hosting-3'], 'MISSING_FLAG'],
    ['a malformed id', ['--variant', 'Web Hosting', '--amount', '1'], 'INVALID_FLAG_VALUE'],
  ])('refuses set-price with %s (exit 1, error object)', async (_, flags, code) => {
    expect(await errorCode('shopping-product', 'set-price', ...flags)).toBe(code);
  });

  it('adds a hosting plan row at the end, in the catalog currency, with an id of its slots', async () => {
    const added = await admin(
      'shopping-product',
      'add-variant',
      '--product',
      'web-hosting',
      '--title',
      '5 app slots, 1 year',
      '--amount',
      '12000',
      '--attributes',
      '{"slotLimit":5}',
    );
    expect(added).toEqual({
      code: 0,
      json: {
        id: 'web-hosting-5',
        productId: 'web-hosting',
        title: '5 app slots, 1 year',
        amount: 12000,
        currency: 'USD',
        attributes: { slotLimit: 5, periodYears: 1 },
        position: 3,
        status: 'ACTIVE',
      },
    });
    expect(await hostingVariants()).toContainEqual(['web-hosting-5', 12000]);
    expect(await catalog.resolveLine('web-hosting-5')).toEqual({
      kind: 'HOSTING_PLAN',
      hostingProduct: 'WEB_HOSTING',
      slotLimit: 5,
    });
    const again = await admin(
      'shopping-product',
      'add-variant',
      '--product',
      'web-hosting',
      '--title',
      '5 slots again',
      '--amount',
      '11000',
      '--attributes',
      '{"slotLimit":5}',
    );
    expect(again.json).toMatchObject({ id: 'web-hosting-5-2', position: 4 });
  });

  it('adds a TLD price row to the domain registration product, one active row per TLD', async () => {
    const added = await admin(
      'shopping-product',
      'add-variant',
      '--product',
      'domain-registration',
      '--title',
      '.xyz registration, per year',
      '--amount',
      '299',
      '--attributes',
      '{"tld":"xyz","maxYears":5}',
    );
    expect(added.json).toMatchObject({
      id: 'domain-registration-xyz',
      attributes: { tld: 'xyz', minYears: 1, maxYears: 5 },
    });
    expect(
      await errorCode(
        'shopping-product',
        'add-variant',
        '--product',
        'domain-registration',
        '--title',
        'again',
        '--amount',
        '1',
        '--attributes',
        '{"tld":"com"}',
      ),
    ).toBe('TLD_ALREADY_PRICED');
  });

  it.each([
    [
      'an unknown product',
      ['--product', 'no-product', '--title', 'T', '--amount', '1', '--attributes', '{}'],
      'PRODUCT_NOT_FOUND',
    ],
    [
      'attributes that are not JSON',
      ['--product', 'web-hosting', '--title', 'T', '--amount', '1', '--attributes', '{slotLimit:2'],
      'INVALID_FLAG_VALUE',
    ],
    [
      'attributes that are not an object',
      ['--product', 'web-hosting', '--title', 'T', '--amount', '1', '--attributes', '[2]'],
      'INVALID_FLAG_VALUE',
    ],
    [
      'hosting attributes without slots',
      ['--product', 'web-hosting', '--title', 'T', '--amount', '1', '--attributes', '{"slotLimit":0}'],
      'INVALID_ATTRIBUTES',
    ],
    [
      'domain attributes without a TLD',
      ['--product', 'domain-registration', '--title', 'T', '--amount', '1', '--attributes', '{"tld":".com"}'],
      'INVALID_ATTRIBUTES',
    ],
    [
      'an empty title',
      ['--product', 'web-hosting', '--title', '  ', '--amount', '1', '--attributes', '{"slotLimit":2}'],
      'INVALID_FLAG_VALUE',
    ],
    ['no --attributes', ['--product', 'web-hosting', '--title', 'T', '--amount', '1'], 'MISSING_FLAG'],
  ])('refuses add-variant with %s (exit 1, error object)', async (_, flags, code) => {
    expect(await errorCode('shopping-product', 'add-variant', ...flags)).toBe(code);
  });

  it('archives a row (no longer offered), then a product (no longer searched), idempotently', async () => {
    expect(await admin('shopping-product', 'archive', '--variant', 'web-hosting-5-2')).toEqual({
      code: 0,
      json: { variantId: 'web-hosting-5-2', productId: 'web-hosting', status: 'ARCHIVED' },
    });
    expect((await hostingVariants()).map(([id]) => id)).not.toContain('web-hosting-5-2');
    expect(
      await errorCode('shopping-product', 'set-price', '--variant', 'web-hosting-5-2', '--amount', '1'),
    ).toBe('VARIANT_ARCHIVED');

    expect((await admin('shopping-product', 'archive', '--product', 'web-hosting')).json).toEqual({
      productId: 'web-hosting',
      status: 'ARCHIVED',
    });
    expect((await admin('shopping-product', 'archive', '--product', 'web-hosting')).json).toEqual({
      productId: 'web-hosting',
      status: 'ARCHIVED',
    });
    expect(await hostingVariants()).toEqual([]);
    expect(await catalog.product('web-hosting')).toBeUndefined();
    expect(
      await errorCode(
        'shopping-product',
        'add-variant',
        '--product',
        'web-hosting',
        '--title',
        'T',
        '--amount',
        '1',
        '--attributes',
        '{"slotLimit":2}',
      ),
    ).toBe('PRODUCT_ARCHIVED');
    const listed = (await admin('shopping-product', 'list')).json.products as {
      id: string;
      status: string;
    }[];
    expect(listed.find((p) => p.id === 'web-hosting')?.status).toBe('ARCHIVED');
  });

  it.each([
    [
      'both --product and --variant',
      ['archive', '--product', 'web-hosting', '--variant', 'web-hosting-1'],
      'CONFLICTING_FLAGS',
    ],
    ['neither --product nor --variant', ['archive'], 'MISSING_FLAG'],
    ['an unknown variant', ['archive', '--variant', 'nope'], 'VARIANT_NOT_FOUND'],
    ['an unknown product', ['archive', '--product', 'nope'], 'PRODUCT_NOT_FOUND'],
    ['an unknown verb', ['remove', '--product', 'web-hosting'], 'UNKNOWN_COMMAND'],
    ['an unknown flag', ['list', '--all', 'yes'], 'UNKNOWN_FLAG'],
  ])('refuses %s (exit 1, error object)', async (_, argv, code) => {
    expect(await errorCode('shopping-product', ...argv)).toBe(code);
  });
});
