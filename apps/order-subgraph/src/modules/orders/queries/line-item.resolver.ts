import { Parent, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
import { StoreId, storeIdOf } from '@platform/commerce-graphql';
import { LoaderRegistry, Loaders, SubgraphContext, SubgraphCtx } from '@platform/graphql-subgraph';
import { OrderLoaders } from './order-loaders';
import { toLineItemModel, toOrderModel } from '../../order-graphql/order.mappers';
import { LineItemModel, OrderModel, SkuReference } from '../../order-graphql/order.model';
import { OrdersQueryService } from './orders-query.service';
import { OrderErrors } from '../../order-model/orders.errors';

/** LineItem's relations (its order, the catalog SKU by reference) and its entity reference resolver. */
@Resolver(() => LineItemModel)
export class LineItemResolver {
  constructor(private readonly query: OrdersQueryService) {}

  @ResolveField(() => OrderModel)
  async order(
    @Parent() line: LineItemModel,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<OrderModel> {
    const order = await new OrderLoaders(loaders, this.query).order(storeId, line.orderId);
    if (!order) throw OrderErrors.orderNotFound(line.orderId);
    return toOrderModel(order);
  }

  @ResolveField(() => SkuReference, {
    nullable: true,
    description: 'The catalog SKU (resolved by the catalog subgraph through the gateway).',
  })
  sku(@Parent() line: LineItemModel): SkuReference | null {
    return line.skuId ? Object.assign(new SkuReference(), { id: line.skuId }) : null;
  }

  @ResolveReference()
  async resolveReference(
    @Parent() reference: { __typename: string; id: string },
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<LineItemModel | null> {
    const storeId = storeIdOf(context);
    const orders = OrderLoaders.forReference(context, this.query);
    const line = await orders.lineItem(storeId, reference.id);
    const order = line ? await orders.order(storeId, line.orderId) : undefined;
    return line && order ? toLineItemModel(line, order.currencyCode) : null;
  }
}
