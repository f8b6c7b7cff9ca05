/** Whether `e` is PostgreSQL refusing a write on the unique index or constraint `constraint` (23505). */
export function violatesUnique(e: unknown, constraint: string): boolean {
  const driver = (e as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' && driver.constraint === constraint;
}
