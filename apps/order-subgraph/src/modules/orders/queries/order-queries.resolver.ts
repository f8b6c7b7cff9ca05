import { Args, ID, Int, Parent, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId, storeIdOf } from '@platform/commerce-graphql';
import {
  ConnectionShape,
  LoaderRegistry,
  Loaders,
  SubgraphContext,
  SubgraphCtx,
  createConnectionType,
  pageRequest,
  toConnection,
} from '@platform/graphql-subgraph';
import { LineItemsBySkuArgs, OrdersArgs } from './order-list.args';
import { OrderLoaders } from './order-loaders';
import { toLineItemModel, toOrderModel } from '../../order-graphql/order.mappers';
import { LineItemModel, OrderModel } from '../../order-graphql/order.model';
import { OrderScopes } from '../../order-model/order-scopes';
import { OrdersQueryService } from './orders-query.service';
import { OrderErrors } from '../../order-model/orders.errors';

export const QueryOrdersConnection = createConnectionType(OrderModel, 'QueryOrdersConnection');
export const QueryArchivedOrdersConnection = createConnectionType(
  OrderModel,
  'QueryArchivedOrdersConnection',
);
export const QueryLineItemsBySkuIdConnection = createConnectionType(
  LineItemModel,
  'QueryLineItemsBySkuIdConnection',
);

/** The six query fields (scope commerce.order:read) and the Order entity's reference resolver. */
@Resolver(() => OrderModel)
export class OrderQueriesResolver {
  constructor(private readonly query: OrdersQueryService) {}

  @Query(() => OrderModel, {
    nullable: true,
    description: 'One order of the store by its global id (ORDER_NOT_FOUND otherwise).',
  })
  @RequiresScopes(OrderScopes.read)
  async orderById(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<OrderModel> {
    return toOrderModel(await this.query.byId(storeId, id));
  }

  @Query(() => OrderModel, { nullable: true, description: 'One order by its store-scoped number.' })
  @RequiresScopes(OrderScopes.read)
  async orderByNumber(
    @StoreId() storeId: string,
    @Args('number', { type: () => Int }) number: number,
  ): Promise<OrderModel> {
    return toOrderModel(await this.query.byNumber(storeId, number));
  }

  @Query(() => QueryOrdersConnection, {
    description: "The store's orders that are not archived, cursor-paged, filtered and sorted.",
  })
  @RequiresScopes(OrderScopes.read)
  async orders(@StoreId() storeId: string, @Args() args: OrdersArgs): Promise<ConnectionShape<OrderModel>> {
    return this.list(storeId, false, args);
  }

  @Query(() => QueryArchivedOrdersConnection, {
    description: "The store's archived orders, cursor-paged, filtered and sorted.",
  })
  @RequiresScopes(OrderScopes.read)
  async archivedOrders(
    @StoreId() storeId: string,
    @Args() args: OrdersArgs,
  ): Promise<ConnectionShape<OrderModel>> {
    return this.list(storeId, true, args);
  }

  @Query(() => LineItemModel, {
    nullable: true,
    description: 'One line item of the store (LINE_ITEM_NOT_FOUND otherwise).',
  })
  @RequiresScopes(OrderScopes.read)
  async lineItemById(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<LineItemModel> {
    const line = await this.query.lineItemById(storeId, id);
    const order = await new OrderLoaders(loaders, this.query).order(storeId, line.orderId);
    if (!order) throw OrderErrors.lineItemNotFound(id);
    return toLineItemModel(line, order.currencyCode);
  }

  @Query(() => QueryLineItemsBySkuIdConnection, {
    description: 'Line items of the store that sell a catalog SKU, newest first.',
  })
  @RequiresScopes(OrderScopes.read)
  async lineItemsBySkuId(
    @StoreId() storeId: string,
    @Args() args: LineItemsBySkuArgs,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<ConnectionShape<LineItemModel>> {
    const page = await this.query.lineItemsBySku(
      storeId,
      args.skuId,
      args.direction ?? 'DESC',
      pageRequest(args),
    );
    const orders = new OrderLoaders(loaders, this.query);
    const owners = await Promise.all(page.edges.map((edge) => orders.order(storeId, edge.node.orderId)));
    const currencies = new Map(owners.flatMap((o) => (o ? [[o.id, o.currencyCode] as const] : [])));
    // A line always has its order (FK, same store); 'XXX' (ISO 4217 "no currency") cannot occur.
    return toConnection(page, (line) => toLineItemModel(line, currencies.get(line.orderId) ?? 'XXX'));
  }

  /** Another subgraph's reference to an order (`{ __typename: "Order", id }`), in the request's store; scope :read. */
  @ResolveReference()
  async resolveReference(
    @Parent() reference: { __typename: string; id: string },
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<OrderModel | null> {
    const storeId = storeIdOf(context);
    const order = await OrderLoaders.forReference(context, this.query).order(storeId, reference.id);
    return order ? toOrderModel(order) : null;
  }

  private async list(
    storeId: string,
    archived: boolean,
    args: OrdersArgs,
  ): Promise<ConnectionShape<OrderModel>> {
    const page = await this.query.list(
      storeId,
      archived,
      args.filter ?? {},
      { field: args.orderBy?.field ?? 'CREATED_AT', direction: args.orderBy?.direction ?? 'DESC' },
      pageRequest(args),
    );
    return toConnection(page, toOrderModel);
  }
}
