import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { RecordOrderPaymentInput, RefundOrderInput } from '../../order-graphql/order.input';
import { toOrderModel } from '../../order-graphql/order.mappers';
import { OrderModel } from '../../order-graphql/order.model';
import { OrderPaymentsService } from './order-payments.service';
import { OrderScopes } from '../../order-model/order-scopes';
import { assertSameStore } from '../../order-graphql/store-context';

/** Money: payments (scope :update) and refunds (scope :cancel, a refund reverses a sale). */
@Resolver(() => OrderModel)
export class OrderPaymentsResolver {
  constructor(private readonly payments: OrderPaymentsService) {}

  @Mutation(() => OrderModel, {
    description:
      'Records a payment (SALE) on an OPEN order, published as a commerce transaction. Scope commerce.order:update.',
  })
  @RequiresScopes(OrderScopes.update)
  async recordPayment(
    @StoreId() storeId: string,
    @Args('input') input: RecordOrderPaymentInput,
  ): Promise<OrderModel> {
    assertSameStore(storeId, input);
    const { order } = await this.payments.recordPayment(storeId, input.orderId, input, input.orderVersion);
    return toOrderModel(order);
  }

  @Mutation(() => OrderModel, {
    description:
      'Refunds part or all of what was paid, one REFUND transaction per SALE drawn from. Scope commerce.order:cancel.',
  })
  @RequiresScopes(OrderScopes.cancel)
  async refundOrder(@StoreId() storeId: string, @Args('input') input: RefundOrderInput): Promise<OrderModel> {
    assertSameStore(storeId, input);
    return toOrderModel(await this.payments.refund(storeId, input.orderId, input, input.orderVersion));
  }
}
