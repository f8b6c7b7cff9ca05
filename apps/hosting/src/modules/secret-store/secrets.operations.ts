import { Patch, applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '@platform/idempotency';
import type { Scope } from '@platform/scopes';
import { ApiErrorResponses } from '@platform/service-kit';
import { HostingOperation } from '../apps/apps.operations';
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
    HostingOperation('write', route.summary, route.scope),
    Idempotent({ format: 'uuid' }),
    ApiConsumes(JSON_PATCH_MEDIA_TYPE),
    ApiBody({ schema: SECRET_PATCH_BODY_SCHEMA as object }),
    ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' }),
    ApiOkResponse({
      type: SecretSetResponse,
      description: 'The secret set after the update, without values',
    }),
    ApiErrorResponses({
      409: 'IDEMPOTENCY_KEY_IN_USE',
      415: `UNSUPPORTED_MEDIA_TYPE: send ${JSON_PATCH_MEDIA_TYPE}`,
      422: 'IDEMPOTENCY_KEY_MISMATCH',
    }),
  );
}
