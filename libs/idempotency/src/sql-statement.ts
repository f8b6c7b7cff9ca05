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
