import type { ExecutionContext } from '@nestjs/common';
import type { Principal } from './principal';

/**
 * What runs on an HTTP request right after the AuthGuard admitted it (a valid token holding a
 * required scope), before pipes and the handler; it refuses the request by throwing. A port other
 * libs implement (libs/rate-limit's per-credential limit) and provide globally under
 * ADMITTED_REQUEST_CHECK; the AuthGuard calls it when one is provided. Run from the guard instead
 * of a global interceptor: Nest wraps every interceptor call in rxjs and an AsyncResource, which
 * cost GET store 5 % of its CPU (docs/performance.md).
 */
export interface AdmittedRequestCheck {
  check(context: ExecutionContext, principal: Principal): Promise<void>;
}

export const ADMITTED_REQUEST_CHECK = Symbol('ADMITTED_REQUEST_CHECK');
