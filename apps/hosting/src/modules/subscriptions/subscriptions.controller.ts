import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Errors, ViolationCode } from '@platform/errors';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { AttachSubscriptionRequest } from './subscriptions.request';
import { SubscriptionAttachmentResponse, toSubscriptionAttachmentResponse } from './subscriptions.response';
import { SubscriptionsService } from './subscriptions.service';

/** PUT/GET /v1/hosting/apps/{appId}/subscription (docs/hosting.md, "Subscriptions"). */
@ApiBearerController({
  tag: 'hosting subscriptions',
  errors: { 400: 'INVALID_REQUEST', 429: 'Per-client-IP limit' },
})
@Controller('v1/hosting/apps/:appId/subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Put()
  @HostingOperation(
    'write',
    'Attach the app to a hosting plan (idempotent); provisions a plan when the account has none',
    'hosting.application:update',
  )
  @ApiOkResponse({ type: SubscriptionAttachmentResponse })
  @ApiErrorResponses({
    404: 'APP_NOT_FOUND or SUBSCRIPTION_NOT_FOUND',
    409: 'NO_CAPACITY: the plan has no free slot',
  })
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
  @HostingOperation(
    'read',
    'The app’s subscription; 404 when none was ever attached',
    'hosting.application:read',
  )
  @ApiOkResponse({ type: SubscriptionAttachmentResponse })
  @ApiErrorResponses({ 404: 'APP_NOT_FOUND or SUBSCRIPTION_NOT_FOUND' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<SubscriptionAttachmentResponse> {
    return toSubscriptionAttachmentResponse(await this.subscriptions.get(principal.accountId, params.appId));
  }
}
