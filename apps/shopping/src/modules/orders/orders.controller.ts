import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { ResourceParams } from '../checkout/checkout.request';
import { Shopping, type ShoppingContext } from '../ucp/shopping-context';
import { UcpOperation } from '../ucp/ucp-operation.decorator';
import { sendUcp } from '../ucp/ucp-reply';
import { OrdersService } from './orders.service';

/** GET …/orders/{id} of the platform and of each store (order-rest.md). */
@ApiBearerController({ tag: 'shopping orders', errors: { 400: 'invalid_request' } })
@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get(['v1/shopping/orders/:id', 'v1/shopping/stores/:storeId/orders/:id'])
  @UcpOperation({ operationId: 'get_order', summary: 'An order', scope: 'shopping.order:read' })
  async get(
    @Shopping() ctx: ShoppingContext,
    @Param() params: ResourceParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return sendUcp(reply, await this.orders.get(ctx, params.id));
  }
}
