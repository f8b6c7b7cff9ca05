import type { PlatformError } from '@platform/errors';
import { QueryFailedError } from 'typeorm';

function pgCode(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = (error as QueryFailedError & { driverError?: { code?: string } }).driverError;
  return driverError?.code;
}

/** PostgreSQL unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === '23505';
}

/** PostgreSQL foreign_key_violation (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === '23503';
}

/** Runs a write of a uniquely named row, turning a unique violation into `taken()` (NAME_TAKEN). */
export async function withUniqueName<T>(taken: () => PlatformError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
}
