import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { Shopping, type ShoppingContext } from '../ucp/shopping-context';
import { UcpOperation } from '../ucp/ucp-operation.decorator';
import { sendUcp } from '../ucp/ucp-reply';
import {
  CancelRequest,
  CompleteCheckoutRequest,
  CreateCheckoutRequest,
  ResourceParams,
  UpdateCheckoutRequest,
} from './checkout.request';
import { CheckoutService } from './checkout.service';

const PLATFORM = 'v1/shopping/checkout-sessions';
const STORE = 'v1/shopping/stores/:storeId/checkout-sessions';

/** The checkout sessions of the platform and of each store (checkout-rest.md). */
@ApiBearerController({
  tag: 'shopping checkout',
  errors: { 400: 'invalid_request', 409: 'idempotency_key_mismatch' },
})
@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post([PLATFORM, STORE])
  @HttpCode(201)
  @UcpOperation({
    operationId: 'create_checkout',
    summary: 'Create a checkout session (201; 200 with the error envelope when nothing could be made)',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async create(
    @Shopping() ctx: ShoppingContext,
    @Body() body: CreateCheckoutRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.checkout.create(ctx, body));
  }

  @Get([`${PLATFORM}/:id`, `${STORE}/:id`])
  @UcpOperation({
    operationId: 'get_checkout',
    summary: 'A checkout session',
    scope: 'shopping.checkout:execute',
  })
  async get(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.checkout.get(ctx, params.id));
  }

  @Put([`${PLATFORM}/:id`, `${STORE}/:id`])
  @UcpOperation({
    operationId: 'update_checkout',
    summary: 'Replace a checkout session’s writable fields',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async update(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Body() body: UpdateCheckoutRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.checkout.update(ctx, params.id, body));
  }

  @Post([`${PLATFORM}/:id/complete`, `${STORE}/:id/complete`])
  @HttpCode(200)
  @UcpOperation({
    operationId: 'complete_checkout',
    summary: 'Pay and place the order',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async complete(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Body() body: CompleteCheckoutRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.checkout.complete(ctx, params.id, body));
  }

  @Post([`${PLATFORM}/:id/cancel`, `${STORE}/:id/cancel`])
  @HttpCode(200)
  @UcpOperation({
    operationId: 'cancel_checkout',
    summary: 'Cancel a checkout session',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async cancel(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Body() _body: CancelRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.checkout.cancel(ctx, params.id));
  }
}
