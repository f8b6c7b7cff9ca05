import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { UcpErrors } from '../ucp/ucp.errors';

/** The most ids one lookup takes (LookupRequest's ArrayMaxSize is the same number). */
export const MAX_LOOKUP_IDS = 100;

/**
 * POST …/catalog/lookup over the batch limit is HTTP 400 `request_too_large` (catalog/rest.md,
 * lookup.md "MUST reject requests exceeding their limit"), not a field error: checked on the raw
 * body before the request class validates it (interceptors run before pipes). MCP's lookup_catalog
 * answers the same excess with −32602 from the request class, as the binding says.
 */
@Injectable()
export class LookupBatchLimitInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const body = context.switchToHttp().getRequest<{ body?: unknown }>().body;
    const ids = body !== null && typeof body === 'object' ? (body as { ids?: unknown }).ids : undefined;
    if (Array.isArray(ids) && ids.length > MAX_LOOKUP_IDS)
      throw UcpErrors.requestTooLarge(
        'ids',
        `a lookup takes at most ${MAX_LOOKUP_IDS} ids; this one has ${ids.length}`,
      );
    return next.handle();
  }
}
