import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { ORDERS_MIGRATION_SET } from '../../database/orders.migration-set';
import { OutboxEventEntity } from './outbox-event.entity';
import { OutboxRepository } from './outbox.repository';

// Medium tier (docs/testing.md): the relay's statements against the real migrated schema, no queue.
describe('OutboxRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let outbox: OutboxRepository;
  const now = new Date('2026-06-01T12:00:00.000Z');
  const later = new Date(now.getTime() + 60_000);

  /** Writes a row of `orderId` (ids in writing order, so `seq` follows it); returns its id. */
  async function write(orderId: string, nextAttemptAt = now): Promise<string> {
    const id = randomUUID();
    await outbox.insert(
      Object.assign(new OutboxEventEntity(), {
        id,
        queue: 'q',
        jobName: 'job',
        jobId: id,
        payload: { orderId },
        attempts: 0,
        lastError: null,
        createdAt: now,
        nextAttemptAt,
      }),
    );
    return id;
  }

  const due = async (limit = 100) =>
    outbox.transaction(async (tx) => (await tx.findDueForUpdate(now, limit)).map((r) => r.id));

  beforeAll(async () => {
    t = await openTestDataSource('outbox-repository', [ORDERS_MIGRATION_SET]);
    outbox = new OutboxRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  afterEach(async () => {
    await t.dataSource.query('DELETE FROM "orders"."outbox_events"');
  });

  it('reads the due rows in the order they were written, up to the limit', async () => {
    const ids = [await write('a'), await write('b'), await write('a'), await write('c', later)];
    expect(await due()).toEqual(ids.slice(0, 3));
    expect(await due(2)).toEqual(ids.slice(0, 2));
  });

  it("holds back an order's later rows while an earlier one waits, not other orders' rows", async () => {
    const waiting = await write('a', later);
    const heldBack = await write('a');
    const other = await write('b');
    expect(await due()).toEqual([other]);
    await outbox.postpone(waiting, { attempts: 1, lastError: 'down', nextAttemptAt: now });
    expect(await due()).toEqual([waiting, heldBack, other]);
  });

  it('records a failed attempt and deletes a published row', async () => {
    const id = await write('a');
    await outbox.postpone(id, { attempts: 2, lastError: 'Redis away', nextAttemptAt: later });
    expect(await t.dataSource.getRepository(OutboxEventEntity).findOneBy({ id })).toMatchObject({
      attempts: 2,
      lastError: 'Redis away',
      nextAttemptAt: later,
    });
    await outbox.delete(id);
    expect(await t.dataSource.getRepository(OutboxEventEntity).countBy({ id })).toBe(0);
  });

  it('lets one relay at a time take the lock', async () => {
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = outbox.transaction(async (tx) => {
      await tx.lockRelay();
      locked();
      await released;
      order.push('first done');
    });
    await isLocked;
    const second = outbox.transaction(async (tx) => {
      await tx.lockRelay();
      order.push('second locked');
    });
    await waitForLockWaiter(t.dataSource, 'the second relay lock to wait');
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first done', 'second locked']);
  });
});
