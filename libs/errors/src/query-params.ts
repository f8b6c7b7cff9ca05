/*
 * class-transformer @Transform functions for query parameters, which arrive as strings. Each
 * converts only a well-formed literal and leaves anything else as sent, so the validator reports
 * the caller's value (INVALID_FORMAT) rather than a coerced NaN or false.
 */

/** "12" → 12; "1.5", "abc", a repeated parameter's array stay as they are. */
export function toIntegerParam({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^[+-]?\d{1,15}$/.test(value) ? Number(value) : value;
}

/** Only the literals "true" and "false" are booleans; "1", "yes", "" stay strings (and fail). */
export function toBooleanParam({ value }: { value: unknown }): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
