import { dropTestDatabasePool } from './test-database';

/** Runs once per Jest run, after every suite: drops the run's pooled test databases (test-database.ts). */
export default async function globalTeardown(): Promise<void> {
  const run = process.env.PLATFORM_TEST_RUN;
  if (run) await dropTestDatabasePool(run);
}
