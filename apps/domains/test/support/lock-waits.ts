import type { DataSource } from 'typeorm';
import { waitFor } from '@platform/testing';

/** Waits until a transaction of the suite's database waits on a lock (pg_stat_activity). */
export function waitForLockWaiter(dataSource: DataSource): Promise<true> {
  return waitFor(
    async () =>
      (
        await dataSource.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).length > 0,
    { what: 'a transaction waiting on a row lock' },
  );
}
