import { HttpCode, Post, applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { Idempotent } from '@platform/idempotency';
import type { Scope } from '@platform/scopes';
import { ApiErrorResponses } from '@platform/service-kit';
import { HostingOperation } from '../apps/apps.operations';

/** How one namespace (v1 or the earlier `nodejs`) answers the publish of a deployment. */
export interface CreateDeploymentRoute {
  /** The path under the controller's (none: the controller's own). */
  readonly path?: string;
  readonly status: number;
  readonly scope: Scope;
  readonly summary: string;
  /** The success response of this namespace (its status and body type). */
  readonly response: MethodDecorator;
  /** Its 409 and 422 answers (default: a deployment's). */
  readonly errors?: Record<number, string>;
}

/**
 * The route and contract of POST …/apps/{appId}/deployments (idempotent), the same in every
 * namespace but for its status, scope, summary and success response; also of POST …/rollback,
 * which starts a deployment too.
 */
export function CreateDeploymentOperation(route: CreateDeploymentRoute): MethodDecorator {
  return applyDecorators(
    Post(route.path),
    HttpCode(route.status),
    HostingOperation('write', route.summary, route.scope),
    Idempotent({ format: 'uuid' }),
    ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' }),
    route.response,
    ApiErrorResponses(
      route.errors ?? { 409: 'APP_NOT_ACTIVE', 422: 'SUBSCRIPTION_REQUIRED, NO_PREVIEW_BUILD' },
    ),
  );
}
