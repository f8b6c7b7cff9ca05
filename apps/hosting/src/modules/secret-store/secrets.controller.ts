import { Body, Controller, Get, Headers, Param, Patch, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { IpRateLimit } from '@platform/rate-limit';
import type { Variant } from '../apps/app-environment.entity';
import { AppParams } from '../apps/apps.request';
import { HOSTING_RATE_LIMITS } from '../hosting-rate-limits';
import { SecretStoreService } from './secret-store.service';
import { assertJsonPatchContentType, withSecretPatchErrors } from './secrets.http';
import {
  JSON_PATCH_MEDIA_TYPE,
  NodejsSecretsQuery,
  SECRET_PATCH_BODY_SCHEMA,
  SecretsQuery,
} from './secrets.request';
import { SecretSetResponse, toSecretSetResponse } from './secrets.response';

/**
 * GET and PATCH /v1/hosting/apps/{appId}/secrets and, in the earlier namespace,
 * GET and PATCH /v1/hosting/nodejs/apps/{appId}/secrets?variant=preview|publish: one store, one
 * handler per operation, a scope per namespace (docs/hosting.md, "Secrets"). Both answer the whole
 * secret set (both variants), names and metadata only.
 */
@ApiBearerAuth()
@ApiResponse({
  status: 400,
  description: 'INVALID_REQUEST: a variant outside the accepted values, or (PATCH) the patch rule broken',
})
@ApiResponse({ status: 404, description: 'APP_NOT_FOUND (also for another account’s)' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit' })
@Controller('v1/hosting')
export class SecretsController {
  constructor(private readonly secrets: SecretStoreService) {}

  @Get('apps/:appId/secrets')
  @ApiTags('hosting secrets')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({
    summary: 'The secret set of both variants, names and metadata only (never a value)',
    description:
      '`variant` is checked like PATCH’s but does not narrow the answer: it is the set PATCH answers.',
  })
  @ApiOkResponse({ type: SecretSetResponse, description: 'The secret set, without values' })
  read(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    // Validated only: the answer holds both variants, like PATCH's.
    @Query() _query: SecretsQuery,
  ): Promise<SecretSetResponse> {
    return this.metadata(principal, params.appId);
  }

  @Get('nodejs/apps/:appId/secrets')
  @ApiTags('hosting nodejs (earlier namespace)')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.apps:read')
  @ApiOperation({ summary: 'Earlier namespace: the same secret set, variant preview or publish' })
  @ApiOkResponse({ type: SecretSetResponse, description: 'The secret set, without values' })
  readNodejs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    // Validated only: the answer holds both variants, like PATCH's.
    @Query() _query: NodejsSecretsQuery,
  ): Promise<SecretSetResponse> {
    return this.metadata(principal, params.appId);
  }

  @Patch('apps/:appId/secrets')
  @ApiTags('hosting secrets')
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.secret:write')
  @Idempotent({ format: 'uuid' })
  @ApiOperation({ summary: 'Add, replace or remove secrets of one variant (JSON Patch, atomic)' })
  @ApiConsumes(JSON_PATCH_MEDIA_TYPE)
  @ApiBody({ schema: SECRET_PATCH_BODY_SCHEMA as object })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' })
  @ApiOkResponse({ type: SecretSetResponse, description: 'The secret set after the update, without values' })
  @ApiResponse({ status: 409, description: 'IDEMPOTENCY_KEY_IN_USE' })
  @ApiResponse({ status: 415, description: `UNSUPPORTED_MEDIA_TYPE: send ${JSON_PATCH_MEDIA_TYPE}` })
  @ApiResponse({ status: 422, description: 'IDEMPOTENCY_KEY_MISMATCH' })
  patch(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: SecretsQuery,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<SecretSetResponse> {
    return this.apply(principal, params.appId, query.variant, contentType, body);
  }

  @Patch('nodejs/apps/:appId/secrets')
  @ApiTags('hosting nodejs (earlier namespace)')
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.paas.secrets:write')
  @Idempotent({ format: 'uuid' })
  @ApiOperation({ summary: 'Earlier namespace: the same secrets update, variant preview or publish' })
  @ApiConsumes(JSON_PATCH_MEDIA_TYPE)
  @ApiBody({ schema: SECRET_PATCH_BODY_SCHEMA as object })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' })
  @ApiOkResponse({ type: SecretSetResponse, description: 'The secret set after the update, without values' })
  @ApiResponse({ status: 409, description: 'IDEMPOTENCY_KEY_IN_USE' })
  @ApiResponse({ status: 415, description: `UNSUPPORTED_MEDIA_TYPE: send ${JSON_PATCH_MEDIA_TYPE}` })
  @ApiResponse({ status: 422, description: 'IDEMPOTENCY_KEY_MISMATCH' })
  patchNodejs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: NodejsSecretsQuery,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<SecretSetResponse> {
    return this.apply(principal, params.appId, query.variant, contentType, body);
  }

  private async metadata(principal: Principal, appId: string): Promise<SecretSetResponse> {
    return toSecretSetResponse(await this.secrets.list(principal.accountId, appId));
  }

  private async apply(
    principal: Principal,
    appId: string,
    variant: Variant,
    contentType: string | undefined,
    body: unknown,
  ): Promise<SecretSetResponse> {
    assertJsonPatchContentType(contentType);
    return toSecretSetResponse(
      await withSecretPatchErrors(() => this.secrets.patch(principal.accountId, appId, variant, body)),
    );
  }
}
