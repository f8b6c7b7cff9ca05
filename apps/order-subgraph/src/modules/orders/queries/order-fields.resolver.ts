import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { LoaderRegistry, Loaders } from '@platform/graphql-subgraph';
import { OrderLoaders } from './order-loaders';
import {
  toDiscountModel,
  toLineItemModel,
  toNoteModel,
  toPaymentModel,
  toStatusChangeModel,
} from '../../order-graphql/order.mappers';
import {
  LineItemModel,
  OrderDiscountModel,
  OrderModel,
  OrderNoteModel,
  OrderPaymentModel,
  OrderStatusChangeModel,
} from '../../order-graphql/order.model';
import { OrdersQueryService } from './orders-query.service';

/**
 * The relations of Order, each through the request's DataLoader (one query per relation for all
 * the orders of a response). No scope of their own: the order was authorised by the field that
 * returned it.
 */
@Resolver(() => OrderModel)
export class OrderFieldsResolver {
  constructor(private readonly query: OrdersQueryService) {}

  @ResolveField(() => [LineItemModel], { description: 'In the order they were added.' })
  async lineItems(@Parent() order: OrderModel, @Loaders() loaders: LoaderRegistry): Promise<LineItemModel[]> {
    const lines = await new OrderLoaders(loaders, this.query).lineItems(order.id);
    return lines.map((l) => toLineItemModel(l, order.currencyCode));
  }

  @ResolveField(() => [OrderStatusChangeModel], {
    description: 'Every change of the three statuses, oldest first, with timestamps.',
  })
  async statusHistory(
    @Parent() order: OrderModel,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<OrderStatusChangeModel[]> {
    return (await new OrderLoaders(loaders, this.query).history(order.id)).map(toStatusChangeModel);
  }

  @ResolveField(() => [OrderNoteModel], { description: 'Oldest first.' })
  async notes(@Parent() order: OrderModel, @Loaders() loaders: LoaderRegistry): Promise<OrderNoteModel[]> {
    return (await new OrderLoaders(loaders, this.query).notes(order.id)).map(toNoteModel);
  }

  @ResolveField(() => [OrderDiscountModel], { description: 'Order-level discounts, oldest first.' })
  async discounts(
    @Parent() order: OrderModel,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<OrderDiscountModel[]> {
    const discounts = await new OrderLoaders(loaders, this.query).discounts(order.id);
    return discounts.map((d) => toDiscountModel(d, order.currencyCode));
  }

  @ResolveField(() => [OrderPaymentModel], { description: 'Payments and refunds, oldest first.' })
  async payments(
    @Parent() order: OrderModel,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<OrderPaymentModel[]> {
    return (await new OrderLoaders(loaders, this.query).payments(order.id)).map(toPaymentModel);
  }
}
