import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENT, IdempotentOptions, resolveIdempotentOptions } from './idempotent-options';

/**
 * Makes a write replayable by key: the first request with a key runs and its response is stored;
 * the same key with the same request replays that response (plus `Idempotent-Replayed: true`)
 * without running the handler; 409 while the first is in flight; 422 for a different request.
 * Options are checked when the class is defined, so a bad declaration never boots.
 * Needs IdempotencyModule and IDEMPOTENCY_MIGRATION_SET in the service.
 */
export function Idempotent(options: IdempotentOptions): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(IDEMPOTENT, resolveIdempotentOptions(options)),
    UseInterceptors(IdempotencyInterceptor),
  );
}
