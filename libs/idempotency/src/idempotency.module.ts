import { Global, Module } from '@nestjs/common';
import { IdempotencyRecordRepository } from './idempotency-record.repository';

/**
 * Import once in a service that uses @Idempotent(), and add IDEMPOTENCY_MIGRATION_SET to its
 * ServiceKit migrationSets. Needs the TypeORM DataSource the service kit provides.
 */
@Global()
@Module({
  providers: [IdempotencyRecordRepository],
  exports: [IdempotencyRecordRepository],
})
export class IdempotencyModule {}
