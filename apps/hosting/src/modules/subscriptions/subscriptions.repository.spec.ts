import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { HOSTING_MIGRATION_SET } from '../../database/hosting.migration-set';
import type { SubscriptionEntity } from './subscription.entity';
import { SubscriptionsRepository } from './subscriptions.repository';

// Medium tier (docs/testing.md): the subscriptions' statements against the real migrated schema.
describe('SubscriptionsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let subscriptions: SubscriptionsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('hosting-subscriptions-repository', [HOSTING_MIGRATION_SET]);
    subscriptions = new SubscriptionsRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const plan = (accountId: string, fields: Partial<SubscriptionEntity> = {}) =>
    subscriptions.insertSubscription({
      subscriptionId: randomUUID(),
      accountId,
      hostingProduct: 'WEB_HOSTING',
      status: 'ACTIVE',
      slotLimit: 2,
      attachedCount: 0,
      ...fields,
    });

  it("reads the account's ACTIVE plans oldest first, a plan by reference, a subscription only of its account", async () => {
    const accountId = randomUUID();
    const first = await plan(accountId, { reference: 'order-1' });
    const second = await plan(accountId);
    await plan(accountId, { status: 'SUSPENDED' });
    await plan(randomUUID());
    expect(
      (await subscriptions.findActivePlans(accountId, 'WEB_HOSTING')).map((p) => p.subscriptionId),
    ).toEqual([first, second].map((p) => p.subscriptionId));
    expect(await subscriptions.findByReference(accountId, 'order-1')).toMatchObject({
      subscriptionId: first.subscriptionId,
      slotLimit: 2,
    });
    expect(await subscriptions.findByReference(accountId, 'order-2')).toBeNull();
    expect(await subscriptions.findSubscription(first.subscriptionId, randomUUID())).toBeNull();
    expect(await subscriptions.findSubscription(first.subscriptionId)).not.toBeNull();
  });

  it("attaches an app (a first attachment in PREVIEW) and moves it, the plans' counts following", async () => {
    const accountId = randomUUID();
    const [a, b] = [await plan(accountId), await plan(accountId)];
    const first = await subscriptions.attach('NODEJS-aaaaaaaaaa', a.subscriptionId, null);
    expect(first.attachment).toMatchObject({
      subscriptionId: a.subscriptionId,
      attachState: 'ACTIVE',
      appState: 'PREVIEW',
    });
    expect(first.subscription.attachedCount).toBe(1);
    const moved = await subscriptions.attach(
      'NODEJS-aaaaaaaaaa',
      b.subscriptionId,
      await subscriptions.findAttachment('NODEJS-aaaaaaaaaa'),
    );
    expect(moved.attachment.subscriptionId).toBe(b.subscriptionId);
    expect(moved.subscription.attachedCount).toBe(1);
    expect((await subscriptions.findSubscription(a.subscriptionId))?.attachedCount).toBe(0);
  });

  it("serialises an account's plan changes with its lock until the transaction ends", async () => {
    const accountId = randomUUID();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const order: string[] = [];
    const first = subscriptions.transaction(async (tx) => {
      await tx.lockAccountPlans(accountId);
      locked();
      await released;
      order.push('first ends');
    });
    await isLocked;
    const second = subscriptions.transaction(async (tx) => {
      await tx.lockAccountPlans(accountId);
      order.push('second locked');
    });
    await waitForLockWaiter(t.dataSource, "the second to wait for the account's plans lock");
    // Another account's lock is not held up.
    await subscriptions.transaction((tx) => tx.lockAccountPlans(randomUUID()));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first ends', 'second locked']);
  });
});
