import { LoaderRegistry, SubgraphContext, requireScopes } from '@platform/graphql-subgraph';
import type { LineItemEntity } from '../../order-model/line-item.entity';
import type { OrderDiscountEntity } from '../../order-model/order-discount.entity';
import type { OrderNoteEntity } from '../../order-model/order-note.entity';
import type { OrderPaymentEntity } from '../../order-model/order-payment.entity';
import type { OrderStatusChangeEntity } from '../../order-model/order-status-change.entity';
import type { OrderEntity } from '../../order-model/order.entity';
import type { OrdersQueryService } from './orders-query.service';
import { OrderScopes } from '../../order-model/order-scopes';

/**
 * The request's DataLoaders of the order model: one query per relation per execution level,
 * whatever the number of orders in the response (no N+1).
 */
export class OrderLoaders {
  constructor(
    private readonly registry: LoaderRegistry,
    private readonly query: OrdersQueryService,
  ) {}

  /**
   * The loaders of a federation reference resolver (`@ResolveReference`), where the global scope
   * guard does not run: FORBIDDEN unless the token holds the read scope.
   */
  static forReference(context: SubgraphContext, query: OrdersQueryService): OrderLoaders {
    requireScopes(context, [OrderScopes.read]);
    return new OrderLoaders(context.loaders, query);
  }

  order(storeId: string, id: string): Promise<OrderEntity | undefined> {
    return this.registry
      .get('order-by-id', (ids: readonly string[]) => this.query.byIds(storeId, ids))
      .load(id);
  }

  lineItem(storeId: string, id: string): Promise<LineItemEntity | undefined> {
    return this.registry
      .get('line-item-by-id', (ids: readonly string[]) => this.query.lineItemsByIds(storeId, ids))
      .load(id);
  }

  async lineItems(orderId: string): Promise<LineItemEntity[]> {
    return (
      (await this.registry
        .get('order-line-items', (ids: readonly string[]) => this.query.lineItemsByOrderIds(ids))
        .load(orderId)) ?? []
    );
  }

  async notes(orderId: string): Promise<OrderNoteEntity[]> {
    return (
      (await this.registry
        .get('order-notes', (ids: readonly string[]) => this.query.notesByOrderIds(ids))
        .load(orderId)) ?? []
    );
  }

  async discounts(orderId: string): Promise<OrderDiscountEntity[]> {
    return (
      (await this.registry
        .get('order-discounts', (ids: readonly string[]) => this.query.discountsByOrderIds(ids))
        .load(orderId)) ?? []
    );
  }

  async payments(orderId: string): Promise<OrderPaymentEntity[]> {
    return (
      (await this.registry
        .get('order-payments', (ids: readonly string[]) => this.query.paymentsByOrderIds(ids))
        .load(orderId)) ?? []
    );
  }

  async history(orderId: string): Promise<OrderStatusChangeEntity[]> {
    return (
      (await this.registry
        .get('order-history', (ids: readonly string[]) => this.query.historyByOrderIds(ids))
        .load(orderId)) ?? []
    );
  }
}
