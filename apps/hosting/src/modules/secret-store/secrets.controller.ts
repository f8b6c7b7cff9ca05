import { Body, Controller, Get, Headers, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import { ApiErrorResponses } from '@platform/service-kit';
import type { Variant } from '../apps/app-environment.entity';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { SecretStoreService } from './secret-store.service';
import { assertJsonPatchContentType, withSecretPatchErrors } from './secrets.http';
import { PatchSecretsOperation } from './secrets.operations';
import { NodejsSecretsQuery, SecretsQuery } from './secrets.request';
import { SecretSetResponse, toSecretSetResponse } from './secrets.response';

/**
 * GET and PATCH /v1/hosting/apps/{appId}/secrets and, in the earlier namespace,
 * GET and PATCH /v1/hosting/nodejs/apps/{appId}/secrets?variant=preview|publish: one store, one
 * handler per operation, a scope per namespace (docs/hosting.md, "Secrets"). Both answer the whole
 * secret set (both variants), names and metadata only. Not ApiBearerController: each route names
 * its own namespace's tag, and a controller tag would add itself to every route.
 */
@ApiBearerAuth()
@ApiErrorResponses({
  400: 'INVALID_REQUEST: a variant outside the accepted values, or (PATCH) the patch rule broken',
  404: 'APP_NOT_FOUND (also for another account’s)',
  429: 'Per-client-IP limit',
})
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
  @HostingOperation(
    'read',
    'Earlier namespace: the same secret set, variant preview or publish',
    'hosting.paas.apps:read',
  )
  @ApiOkResponse({ type: SecretSetResponse, description: 'The secret set, without values' })
  readNodejs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    // Validated only: the answer holds both variants, like PATCH's.
    @Query() _query: NodejsSecretsQuery,
  ): Promise<SecretSetResponse> {
    return this.metadata(principal, params.appId);
  }

  @PatchSecretsOperation({
    path: 'apps/:appId/secrets',
    tag: 'hosting secrets',
    scope: 'hosting.secret:write',
    summary: 'Add, replace or remove secrets of one variant (JSON Patch, atomic)',
  })
  patch(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: SecretsQuery,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<SecretSetResponse> {
    return this.apply(principal, params.appId, query.variant, contentType, body);
  }

  @PatchSecretsOperation({
    path: 'nodejs/apps/:appId/secrets',
    tag: 'hosting nodejs (earlier namespace)',
    scope: 'hosting.paas.secrets:write',
    summary: 'Earlier namespace: the same secrets update, variant preview or publish',
  })
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
