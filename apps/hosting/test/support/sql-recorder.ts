import type { DataSource, QueryRunner } from 'typeorm';

/**
 * Records every statement TypeORM sends to PostgreSQL through `dataSource`'s query runners, as
 * sent (a spy on createQueryRunner, the real runners underneath). `restore()` ends the recording.
 */
export function recordSql(dataSource: DataSource): { readonly sql: string[]; restore(): void } {
  const sql: string[] = [];
  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  const spy = jest.spyOn(dataSource, 'createQueryRunner').mockImplementation((mode) => {
    const runner: QueryRunner = createQueryRunner(mode);
    const query = runner.query.bind(runner);
    runner.query = ((text: string, ...rest: unknown[]) => {
      sql.push(text);
      return (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    }) as QueryRunner['query'];
    return runner;
  });
  return { sql, restore: () => spy.mockRestore() };
}
