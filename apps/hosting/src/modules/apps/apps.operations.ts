import { HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import type { Scope } from '@platform/scopes';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';

/**
 * What every hosting operation declares the same way: its per-client-IP limit (write, read or
 * poll), the scopes that may call it (any of) and its summary.
 */
export function HostingOperation(
  limit: keyof typeof HOSTING_RATE_LIMITS,
  summary: string,
  ...scopes: [Scope, ...Scope[]]
): MethodDecorator {
  return applyDecorators(
    IpRateLimit(HOSTING_RATE_LIMITS[limit]),
    RequiresScopes(...scopes),
    ApiOperation({ summary }),
  );
}

/** How one namespace (v1 or the earlier `nodejs`) answers the creation of an app. */
export interface CreateAppRoute {
  /** The path under the controller's (none: the controller's own). */
  readonly path?: string;
  readonly scope: Scope;
  readonly summary: string;
  /** The 202 response of this namespace (its body type and headers). */
  readonly response: MethodDecorator;
}

/**
 * The route and contract of the creation of an app (asynchronous: 202; not idempotent), the same
 * in every namespace but for its path, scope, summary and accepted response.
 */
export function CreateAppOperation(route: CreateAppRoute): MethodDecorator {
  return applyDecorators(
    Post(route.path),
    HttpCode(202),
    HostingOperation('write', route.summary, route.scope),
    route.response,
  );
}
