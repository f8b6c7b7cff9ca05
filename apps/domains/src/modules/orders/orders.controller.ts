import { Body, Controller, Get, HttpCode, Param, Post, applyDecorators } from '@nestjs/common';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import { DomainParams, OrderParams, PurchaseRequest, RenewRequest, TransferRequest } from './orders.request';
import { OrderAcceptedResponse, OrderResponse, toOrderAccepted, toOrderResponse } from './orders.response';
import { OrdersService } from './orders.service';

/**
 * What purchase, renew and transfer share: 202 with the order, scope domains.domain:create, and an
 * optional Idempotency-Key of 16 to 64 characters that makes a retry answer the first 202 again
 * (docs/domains.md, "Orders").
 */
function OrderRoute(summary: string, conflicts: string, rejections: string): MethodDecorator {
  return applyDecorators(
    HttpCode(202),
    RequiresScopes('domains.domain:create'),
    Idempotent({ format: { minLength: 16, maxLength: 64 } }),
    ApiOperation({ summary }),
    ApiHeader({ name: 'Idempotency-Key', required: false, description: '16 to 64 characters' }),
    ApiAcceptedResponse({ type: OrderAcceptedResponse }),
    ApiResponse({ status: 409, description: `${conflicts}, IDEMPOTENCY_KEY_IN_USE` }),
    ApiResponse({
      status: 422,
      description: `${rejections}, NO_PAYMENT_PROFILE, BILLING_DECLINED, IDEMPOTENCY_KEY_MISMATCH`,
    }),
  );
}

/** Purchase, renewal and transfer orders (202, EXECUTING); GET polls one until COMPLETED or FAILED. */
@ApiBearerController({
  tag: 'domains',
  requestId: true,
  errors: { 400: 'INVALID_BODY, INVALID_FORMAT or INVALID_IDEMPOTENCY_KEY' },
})
@RateLimited({ errorBody: true })
@Controller('v1/domains')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post('purchase')
  @OrderRoute(
    'Purchase a domain (asynchronous order)',
    'DOMAIN_NOT_AVAILABLE',
    'UNSUPPORTED_TLD, INVALID_AGREEMENT_KEYS',
  )
  async purchase(
    @CurrentPrincipal() principal: Principal,
    @Body() body: PurchaseRequest,
  ): Promise<OrderAcceptedResponse> {
    return toOrderAccepted(await this.orders.purchase(principal.accountId, body));
  }

  @Get('orders/:orderId')
  @RequiresScopes('domains.domain:read')
  @ApiOperation({ summary: 'One order of the caller; poll until COMPLETED or FAILED' })
  @ApiOkResponse({ type: OrderResponse })
  @ApiResponse({ status: 404, description: 'ORDER_NOT_FOUND' })
  async get(@CurrentPrincipal() principal: Principal, @Param() params: OrderParams): Promise<OrderResponse> {
    return toOrderResponse(await this.orders.get(principal.accountId, params.orderId));
  }

  @Post(':domain/renew')
  @OrderRoute(
    'Renew a domain of the caller (asynchronous order)',
    'DOMAIN_NOT_RENEWABLE, ORDER_IN_PROGRESS',
    'PERIOD_TOO_LONG, UNSUPPORTED_TLD',
  )
  @ApiResponse({ status: 404, description: 'DOMAIN_NOT_FOUND' })
  async renew(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainParams,
    @Body() body: RenewRequest,
  ): Promise<OrderAcceptedResponse> {
    return toOrderAccepted(await this.orders.renew(principal.accountId, params.domain, body.period));
  }

  @Post(':domain/transfer')
  @OrderRoute(
    'Transfer a domain to the caller (asynchronous order)',
    'DOMAIN_ALREADY_OWNED, ORDER_IN_PROGRESS',
    'UNSUPPORTED_TLD, INVALID_AGREEMENT_KEYS, INVALID_AUTH_CODE, DOMAIN_NOT_TRANSFERABLE, DOMAIN_NOT_REGISTERED',
  )
  async transfer(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainParams,
    @Body() body: TransferRequest,
  ): Promise<OrderAcceptedResponse> {
    return toOrderAccepted(await this.orders.transfer(principal.accountId, params.domain, body));
  }
}
