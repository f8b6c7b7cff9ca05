import { HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { IpRateLimit } from '@platform/rate-limit';
import type { Scope } from '@platform/scopes';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';

/** How one namespace (v1 or the earlier `nodejs`) answers the publish of a deployment. */
export interface CreateDeploymentRoute {
  readonly status: number;
  readonly scope: Scope;
  readonly summary: string;
  /** The success response of this namespace (its status and body type). */
  readonly response: MethodDecorator;
}

/**
 * The route and contract of POST …/apps/{appId}/deployments (idempotent), the same in every
 * namespace but for its status, scope, summary and success response.
 */
export function CreateDeploymentOperation(route: CreateDeploymentRoute): MethodDecorator {
  return applyDecorators(
    Post(),
    HttpCode(route.status),
    IpRateLimit(HOSTING_RATE_LIMITS.write),
    RequiresScopes(route.scope),
    Idempotent({ format: 'uuid' }),
    ApiOperation({ summary: route.summary }),
    ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' }),
    route.response,
    ApiResponse({ status: 409, description: 'APP_NOT_ACTIVE' }),
    ApiResponse({ status: 422, description: 'SUBSCRIPTION_REQUIRED, NO_PREVIEW_BUILD' }),
  );
}
