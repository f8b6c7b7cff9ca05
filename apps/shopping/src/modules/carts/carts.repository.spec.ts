import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { CartEntity } from './cart.entity';
import { CartsRepository } from './carts.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP.
describe('CartsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let carts: CartsRepository;
  const accountId = randomUUID();

  async function cart(): Promise<CartEntity> {
    const row = Object.assign(new CartEntity(), {
      id: `cart_${randomUUID().replace(/-/g, '')}`,
      business: 'platform',
      accountId,
      state: 'active',
      currency: 'USD',
      input: {
        lines: [],
        buyer: null,
        context: null,
        discountCodes: [],
        payment: null,
        signals: null,
        attribution: null,
      },
      lineItems: [],
      totals: [],
      messages: [],
      appliedDiscounts: [],
      expiresAt: new Date(Date.now() + 60_000),
    });
    await carts.insert(row);
    return row;
  }

  beforeAll(async () => {
    t = await openTestDataSource('carts-repository', [SHOPPING_MIGRATION_SET]);
    carts = new CartsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads a cart of its account and business only', async () => {
    const made = await cart();
    expect((await carts.findOfAccount(made.id, accountId, 'platform'))?.state).toBe('active');
    expect(await carts.findOfAccount(made.id, randomUUID(), 'platform')).toBeNull();
    expect(await carts.findOfAccount(made.id, accountId, `store:${randomUUID()}`)).toBeNull();
  });

  it('writes a change in one UPDATE that bumps the version, under the row lock', async () => {
    const made = await cart();
    const before = await carts.findOfAccount(made.id, accountId, 'platform');
    await carts.transaction(async (tx) => {
      const locked = await tx.findOfAccount(made.id, accountId, 'platform', true);
      if (!locked) throw new Error('cart not found');
      locked.state = 'canceled';
      locked.currency = 'EUR';
      await tx.update(locked);
    });
    const after = await carts.findOfAccount(made.id, accountId, 'platform');
    expect(after).toMatchObject({ state: 'canceled', currency: 'EUR' });
    expect(after?.version).toBe((before?.version ?? 0) + 1);
  });
});
