export { IDEMPOTENCY_MIGRATION_SET } from './idempotency.migration-set';
export { IdempotencyErrors } from './idempotency.errors';
export { IdempotencyInterceptor } from './idempotency.interceptor';
export { MAX_IDEMPOTENCY_KEY_LENGTH, readIdempotencyKey } from './idempotency-key';
export type { IdempotencyKeyFormat, KeyReading } from './idempotency-key';
export { IdempotencyModule } from './idempotency.module';
export {
  IDEMPOTENCY_PURGE_EVERY_MS,
  IDEMPOTENCY_PURGE_SCHEDULER_ID,
  IdempotencyPurgeQueue,
} from './idempotency-purge.jobs';
export { IdempotencyPurgeModule } from './idempotency-purge.module';
export { IdempotencyPurgeProcessor } from './idempotency-purge.processor';
export { IdempotencyRecordEntity } from './idempotency-record.entity';
export { IdempotencyRecordRepository } from './idempotency-record.repository';
export type {
  ClaimOutcome,
  ClaimTimes,
  IdempotencyScope,
  StoredResponse,
} from './idempotency-record.repository';
export { IdempotencyState } from './idempotency-state';
export { Idempotent } from './idempotent.decorator';
export {
  DEFAULT_LEASE_SECONDS,
  DEFAULT_RETENTION_SECONDS,
  IDEMPOTENT,
  resolveIdempotentOptions,
} from './idempotent-options';
export type { IdempotentOptions, ResolvedIdempotentOptions } from './idempotent-options';
export { DEFAULT_PURGE_BATCH_SIZE, purgeExpired } from './purge-expired';
export { canonicalJson, requestFingerprint } from './request-fingerprint';
export type { FingerprintInput } from './request-fingerprint';
export { REPLAYED_HEADER } from './stored-response';
