import type { MigrationSet } from '@platform/database';
import { IdempotencyRecordEntity } from './idempotency-record.entity';
import { CreateIdempotencyRecords1795315275436 } from './migrations/1795315275436-create-idempotency-records';

/** Idempotency keys live in schema `idempotency`; add this set to the migrationSets of a service that uses @Idempotent(). */
export const IDEMPOTENCY_MIGRATION_SET: MigrationSet = {
  schema: 'idempotency',
  entities: [IdempotencyRecordEntity],
  migrations: [CreateIdempotencyRecords1795315275436],
};
