import type { DataSource } from 'typeorm';

export interface StatementResult<T> {
  readonly rows: T[];
  readonly affected: number;
}

/** Runs one SQL statement and returns its rows and affected count alike for SELECT, INSERT, UPDATE and DELETE. */
export async function runStatement<T>(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
): Promise<StatementResult<T>> {
  const runner = dataSource.createQueryRunner();
  try {
    const result = await runner.query(sql, params, true);
    const rows = (result.records ?? []) as T[];
    return { rows, affected: result.affected ?? rows.length };
  } finally {
    await runner.release();
  }
}

/**
 * Runs a batch statement (an UPDATE or DELETE over `… LIMIT $n FOR UPDATE SKIP LOCKED`, whose
 * last parameter is the batch size) until a batch affects fewer rows than `batchSize`: short
 * statements and short locks on a large backlog. Returns the rows affected in all.
 */
export async function drainInBatches(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
  batchSize: number,
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  let total = 0;
  for (;;) {
    const { affected } = await runStatement(dataSource, sql, [...params, batchSize]);
    total += affected;
    if (affected < batchSize) return total;
  }
}
