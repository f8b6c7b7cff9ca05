import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from '@platform/auth';
import { isUuid } from '@platform/ids';
import type { BusinessKey } from '../businesses/business';
import { UcpErrors } from './ucp.errors';
import type { AgentProfile } from './negotiation';

/** What the UCP guard settles before a handler runs: who sells, who asks, what was negotiated. */
export interface ShoppingContext {
  readonly business: BusinessKey;
  readonly accountId: string;
  readonly tokenId: string;
  readonly agentProfileUrl: string;
  readonly agent: AgentProfile;
  readonly version: string;
  readonly capabilities: ReadonlyMap<string, string>;
}

export type ShoppingRequest = AuthenticatedRequest & { shopping?: ShoppingContext };

/** The request's ShoppingContext (set by UcpNegotiationGuard). */
export const Shopping = createParamDecorator((_data: unknown, context: ExecutionContext): ShoppingContext => {
  const request = context.switchToHttp().getRequest<ShoppingRequest>();
  if (!request.shopping) throw new Error('UcpNegotiationGuard did not run on this route');
  return request.shopping;
});

/**
 * The business a path names: /v1/shopping/stores/{storeId}/… is a store, the rest the platform.
 * A store id that is not a uuid is 400 `invalid_request` on every route that names one.
 */
export function businessOf(params: Record<string, string | undefined>): BusinessKey {
  const storeId = params.storeId;
  if (storeId === undefined) return { kind: 'platform' };
  if (!isUuid(storeId)) throw UcpErrors.invalidPath('storeId', 'storeId must be a store id (uuid)');
  return { kind: 'store', storeId: storeId.toLowerCase() };
}
