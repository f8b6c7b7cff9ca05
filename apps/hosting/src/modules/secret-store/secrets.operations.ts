import { Patch, applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { IpRateLimit } from '@platform/rate-limit';
import type { Scope } from '@platform/scopes';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { JSON_PATCH_MEDIA_TYPE, SECRET_PATCH_BODY_SCHEMA } from './secrets.request';
import { SecretSetResponse } from './secrets.response';

/** Where one namespace (v1 or the earlier `nodejs`) exposes the secrets update. */
export interface SecretsPatchRoute {
  readonly path: string;
  readonly tag: string;
  readonly scope: Scope;
  readonly summary: string;
}

/**
 * The route and contract of PATCH …/apps/{appId}/secrets (JSON Patch, idempotent), the same in
 * every namespace but for its path, tag, scope and summary.
 */
export function PatchSecretsOperation(route: SecretsPatchRoute): MethodDecorator {
  return applyDecorators(
    Patch(route.path),
    ApiTags(route.tag),
    IpRateLimit(HOSTING_RATE_LIMITS.write),
    RequiresScopes(route.scope),
    Idempotent({ format: 'uuid' }),
    ApiOperation({ summary: route.summary }),
    ApiConsumes(JSON_PATCH_MEDIA_TYPE),
    ApiBody({ schema: SECRET_PATCH_BODY_SCHEMA as object }),
    ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' }),
    ApiOkResponse({
      type: SecretSetResponse,
      description: 'The secret set after the update, without values',
    }),
    ApiResponse({ status: 409, description: 'IDEMPOTENCY_KEY_IN_USE' }),
    ApiResponse({ status: 415, description: `UNSUPPORTED_MEDIA_TYPE: send ${JSON_PATCH_MEDIA_TYPE}` }),
    ApiResponse({ status: 422, description: 'IDEMPOTENCY_KEY_MISMATCH' }),
  );
}
