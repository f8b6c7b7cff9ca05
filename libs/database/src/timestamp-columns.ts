import { CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * What an entity may choose of its created/updated columns: `precision: 3` (milliseconds) where a
 * timestamp must round-trip exactly through an ISO string (page tokens, ETags); Postgres' default
 * (microseconds) otherwise.
 */
export interface TimestampColumnOptions {
  precision?: number;
}

/**
 * `created_at timestamptz NOT NULL DEFAULT now()`, set by TypeORM on insert. The options object
 * passed to TypeORM is exactly what entities declared before (no `undefined` keys), so each
 * entity's metadata, and the schema its migrations create, stay the same.
 */
export function CreatedAtColumn(options: TimestampColumnOptions = {}): PropertyDecorator {
  return CreateDateColumn({ type: 'timestamptz', ...options });
}

/** `updated_at timestamptz NOT NULL DEFAULT now()`, set by TypeORM on insert and on every save. */
export function UpdatedAtColumn(options: TimestampColumnOptions = {}): PropertyDecorator {
  return UpdateDateColumn({ type: 'timestamptz', ...options });
}
