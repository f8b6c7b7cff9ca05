import { waitFor } from './wait-for';

/** What the helper needs of a DataSource, a pg Pool or Client: one query returning rows. */
interface Queryable {
  query(sql: string): Promise<unknown>;
}

const LOCK_WAITERS = `SELECT count(*)::int AS "waiting" FROM pg_stat_activity
  WHERE datname = current_database() AND wait_event_type = 'Lock'`;

/**
 * Resolves once a session of `db`'s database waits for a lock (a row, a table or an advisory
 * lock): the proof that a statement blocks behind another transaction, observed in PostgreSQL
 * rather than assumed after a fixed sleep. Rejects after `timeoutMs` when none comes to wait.
 */
export async function waitForLockWaiter(db: Queryable, what: string, timeoutMs = 10_000): Promise<void> {
  await waitFor(
    async () => {
      const answer = await db.query(LOCK_WAITERS);
      const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as {
        waiting: number;
      }[];
      return rows[0].waiting > 0;
    },
    { what, timeoutMs, intervalMs: 10 },
  );
}
