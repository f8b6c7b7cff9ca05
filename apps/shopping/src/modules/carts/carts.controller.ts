import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { CancelRequest, CheckoutWritableRequest, ResourceParams } from '../checkout/checkout.request';
import { Shopping, type ShoppingContext } from '../ucp/shopping-context';
import { UcpOperation } from '../ucp/ucp-operation.decorator';
import { sendUcp } from '../ucp/ucp-reply';
import { CartsService } from './carts.service';

const PLATFORM = 'v1/shopping/carts';
const STORE = 'v1/shopping/stores/:storeId/carts';

/** The carts of the platform and of each store (cart-rest.md). */
@ApiBearerController({
  tag: 'shopping carts',
  errors: { 400: 'invalid_request', 409: 'idempotency_key_mismatch' },
})
@Controller()
export class CartsController {
  constructor(private readonly carts: CartsService) {}

  @Post([PLATFORM, STORE])
  @HttpCode(201)
  @UcpOperation({
    operationId: 'create_cart',
    summary: 'Create a cart',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async create(
    @Shopping() ctx: ShoppingContext,
    @Body() body: CheckoutWritableRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.carts.create(ctx, body));
  }

  @Get([`${PLATFORM}/:id`, `${STORE}/:id`])
  @UcpOperation({ operationId: 'get_cart', summary: 'A cart', scope: 'shopping.checkout:execute' })
  async get(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.carts.get(ctx, params.id));
  }

  @Put([`${PLATFORM}/:id`, `${STORE}/:id`])
  @UcpOperation({
    operationId: 'update_cart',
    summary: 'Replace a cart',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async update(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Body() body: CheckoutWritableRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.carts.update(ctx, params.id, body));
  }

  @Post([`${PLATFORM}/:id/cancel`, `${STORE}/:id/cancel`])
  @HttpCode(200)
  @UcpOperation({
    operationId: 'cancel_cart',
    summary: 'Cancel a cart',
    scope: 'shopping.checkout:execute',
    write: true,
  })
  async cancel(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Body() _body: CancelRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.carts.cancel(ctx, params.id));
  }
}
