import { Injectable } from '@nestjs/common';
import { Page, PageRequest, groupBy } from '@platform/graphql-subgraph';
import { isGlobalId } from '../../order-model/global-id';
import type { LineItemEntity } from '../../order-model/line-item.entity';
import type { OrderDiscountEntity } from '../../order-model/order-discount.entity';
import type { OrderNoteEntity } from '../../order-model/order-note.entity';
import type { OrderPaymentEntity } from '../../order-model/order-payment.entity';
import type { OrderStatusChangeEntity } from '../../order-model/order-status-change.entity';
import type { OrderEntity } from '../../order-model/order.entity';
import { OrderErrors } from '../../order-model/orders.errors';
import { type OrderListFilter, OrderReadsRepository, type OrderSort } from './order-reads.repository';

export type { OrderListFilter, OrderSort, TimeRange } from './order-reads.repository';

/**
 * Reads of orders and what hangs off them. Every read names the store, so an order of store A is
 * invisible (ORDER_NOT_FOUND) through store B. The `…ByOrderIds` methods are batch functions for
 * the request's DataLoaders (one query per relation per request, never one per order).
 */
@Injectable()
export class OrdersQueryService {
  constructor(private readonly reads: OrderReadsRepository) {}

  async byId(storeId: string, id: string): Promise<OrderEntity> {
    const order = isGlobalId('Order', id) ? await this.reads.findInStore(storeId, id) : null;
    if (!order) throw OrderErrors.orderNotFound(id);
    return order;
  }

  /** Orders of the store by id; unknown, malformed and other stores' ids are absent. */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, OrderEntity>> {
    const valid = [...new Set(ids.filter((id) => isGlobalId('Order', id)))];
    if (valid.length === 0) return new Map();
    const rows = await this.reads.findManyInStore(storeId, valid);
    return new Map(rows.map((o) => [o.id, o]));
  }

  async byNumber(storeId: string, number: number): Promise<OrderEntity> {
    const order = Number.isSafeInteger(number) ? await this.reads.findByNumber(storeId, number) : null;
    if (!order) throw OrderErrors.orderNumberNotFound(number);
    return order;
  }

  /** `orders` (archived: false) and `archivedOrders` (archived: true). */
  async list(
    storeId: string,
    archived: boolean,
    filter: OrderListFilter,
    sort: OrderSort,
    request: PageRequest,
  ): Promise<Page<OrderEntity>> {
    return this.reads.findPage(storeId, { archived, filter, sort, request });
  }

  async lineItemById(storeId: string, id: string): Promise<LineItemEntity> {
    const line = isGlobalId('LineItem', id) ? await this.reads.findLineInStore(storeId, id) : null;
    if (!line) throw OrderErrors.lineItemNotFound(id);
    return line;
  }

  async lineItemsByIds(storeId: string, ids: readonly string[]): Promise<Map<string, LineItemEntity>> {
    const valid = [...new Set(ids.filter((id) => isGlobalId('LineItem', id)))];
    if (valid.length === 0) return new Map();
    const rows = await this.reads.findLinesInStore(storeId, valid);
    return new Map(rows.map((l) => [l.id, l]));
  }

  /** Line items of the store that sell `skuId`, newest first by default. */
  async lineItemsBySku(
    storeId: string,
    skuId: string,
    direction: 'ASC' | 'DESC',
    request: PageRequest,
  ): Promise<Page<LineItemEntity>> {
    return this.reads.findLinePageBySku(storeId, skuId, direction, request);
  }

  lineItemsByOrderIds(orderIds: readonly string[]): Promise<Map<string, LineItemEntity[]>> {
    return this.byOrderIds(orderIds, (ids) => this.reads.findLinesOfOrders(ids));
  }

  notesByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderNoteEntity[]>> {
    return this.byOrderIds(orderIds, (ids) => this.reads.findNotesOfOrders(ids));
  }

  discountsByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderDiscountEntity[]>> {
    return this.byOrderIds(orderIds, (ids) => this.reads.findDiscountsOfOrders(ids));
  }

  paymentsByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderPaymentEntity[]>> {
    return this.byOrderIds(orderIds, (ids) => this.reads.findPaymentsOfOrders(ids));
  }

  historyByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderStatusChangeEntity[]>> {
    return this.byOrderIds(orderIds, (ids) => this.reads.findHistoryOfOrders(ids));
  }

  /**
   * Children of already-authorised orders (the caller got the orders through a store-scoped read),
   * grouped by order id; every requested id gets a list, maybe empty.
   */
  private async byOrderIds<E extends { orderId: string }>(
    orderIds: readonly string[],
    read: (ids: string[]) => Promise<E[]>,
  ): Promise<Map<string, E[]>> {
    const ids = [...new Set(orderIds)];
    const rows = ids.length === 0 ? [] : await read(ids);
    const groups = groupBy(rows, (r) => r.orderId);
    return new Map(ids.map((id) => [id, groups.get(id) ?? []]));
  }
}
