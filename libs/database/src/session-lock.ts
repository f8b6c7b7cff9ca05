import type { DataSource } from 'typeorm';

/** Thrown by withSessionLock when another session holds the lock. */
export class SessionLockBusyError extends Error {
  constructor(readonly key: string) {
    super(`${key} is held by another session`);
    this.name = 'SessionLockBusyError';
  }
}

/**
 * Runs `task` while this process holds the session advisory lock `key` (hashed with
 * hashtextextended) on a connection of its own, for work that outlives one transaction (a build,
 * a deployment). Fails fast with SessionLockBusyError when another session holds it; the lock is
 * released when the task ends, and by Postgres when the process dies (its connection closes).
 */
export async function withSessionLock<T>(
  dataSource: DataSource,
  key: string,
  task: () => Promise<T>,
): Promise<T> {
  const session = dataSource.createQueryRunner();
  await session.connect();
  try {
    const rows: { locked: boolean }[] = await session.query(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
      [key],
    );
    if (!rows[0]?.locked) throw new SessionLockBusyError(key);
    try {
      return await task();
    } finally {
      await session.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    }
  } finally {
    await session.release();
  }
}
