import { createTestDatabase, TestDatabase } from '@platform/testing';
import { DataSource } from 'typeorm';
import { SessionLockBusyError, withSessionLock } from '../src/session-lock';

describe('withSessionLock (real Postgres)', () => {
  let db: TestDatabase;
  let first: DataSource;
  let second: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('session-lock');
    first = await new DataSource({ type: 'postgres', url: db.url, poolSize: 2 }).initialize();
    second = await new DataSource({ type: 'postgres', url: db.url, poolSize: 2 }).initialize();
  });

  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    await db?.drop();
  });

  it('runs the task under the lock; another session fails fast meanwhile; the lock is free afterwards', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const running = withSessionLock(first, 'job:1', async () => {
      entered();
      await held;
      return 'done';
    });
    await inside;

    await expect(withSessionLock(second, 'job:1', async () => 'twice')).rejects.toBeInstanceOf(
      SessionLockBusyError,
    );
    // Another key is independent.
    await expect(withSessionLock(second, 'job:2', async () => 'other')).resolves.toBe('other');

    release();
    await expect(running).resolves.toBe('done');
    await expect(withSessionLock(second, 'job:1', async () => 'after')).resolves.toBe('after');
  });

  it('releases the lock and the connection when the task throws', async () => {
    await expect(
      withSessionLock(first, 'job:3', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(withSessionLock(second, 'job:3', async () => 'free')).resolves.toBe('free');
    const held: { count: string }[] = await first.query(
      "SELECT count(*) AS count FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    );
    expect(Number(held[0].count)).toBe(0);
  });
});
