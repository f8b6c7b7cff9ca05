import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Errors, ViolationCode } from '@platform/errors';
import { IpRateLimit } from '@platform/rate-limit';
import { AppParams } from '../apps/apps.request';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { AttachSubscriptionRequest } from './subscriptions.request';
import { SubscriptionAttachmentResponse, toSubscriptionAttachmentResponse } from './subscriptions.response';
import { SubscriptionsService } from './subscriptions.service';

/** PUT/GET /v1/hosting/apps/{appId}/subscription (docs/hosting.md, "Subscriptions"). */
@ApiTags('hosting subscriptions')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: 'INVALID_REQUEST' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit' })
@Controller('v1/hosting/apps/:appId/subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Put()
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.application:update')
  @ApiOperation({
    summary: 'Attach the app to a hosting plan (idempotent); provisions a plan when the account has none',
  })
  @ApiOkResponse({ type: SubscriptionAttachmentResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND or SUBSCRIPTION_NOT_FOUND' })
  @ApiResponse({ status: 409, description: 'NO_CAPACITY: the plan has no free slot' })
  async attach(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() body: AttachSubscriptionRequest,
  ): Promise<SubscriptionAttachmentResponse> {
    if (body.subscriptionId !== undefined && body.hostingProduct !== undefined)
      throw Errors.validation([
        {
          location: 'body',
          path: ['hostingProduct'],
          code: ViolationCode.INVALID_VALUE,
          message: 'send either subscriptionId or hostingProduct, not both',
          value: body.hostingProduct,
        },
      ]);
    const target =
      body.subscriptionId !== undefined
        ? { subscriptionId: body.subscriptionId }
        : { hostingProduct: body.hostingProduct };
    return toSubscriptionAttachmentResponse(
      await this.subscriptions.attach(principal.accountId, params.appId, target),
    );
  }

  @Get()
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'The app’s subscription; 404 when none was ever attached' })
  @ApiOkResponse({ type: SubscriptionAttachmentResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND or SUBSCRIPTION_NOT_FOUND' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<SubscriptionAttachmentResponse> {
    return toSubscriptionAttachmentResponse(await this.subscriptions.get(principal.accountId, params.appId));
  }
}
