import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { KeysetSort, Page, PageRequest, groupBy, keysetPage } from '@platform/graphql-subgraph';
import { Brackets, In, Repository, SelectQueryBuilder } from 'typeorm';
import { isGlobalId } from '../../order-model/global-id';
import { LineItemEntity } from '../../order-model/line-item.entity';
import { OrderDiscountEntity } from '../../order-model/order-discount.entity';
import { OrderNoteEntity } from '../../order-model/order-note.entity';
import { OrderPaymentEntity } from '../../order-model/order-payment.entity';
import { OrderStatusChangeEntity } from '../../order-model/order-status-change.entity';
import type {
  FulfillmentStatus,
  OrderSortField,
  OrderStatus,
  PaymentStatus,
} from '../../order-model/order-statuses';
import { OrderEntity } from '../../order-model/order.entity';
import { OrderErrors } from '../../order-model/orders.errors';

export interface TimeRange {
  readonly from?: Date | null;
  readonly to?: Date | null;
}

/** Filters of the order lists; every given filter must hold (lists inside one filter are any-of). */
export interface OrderListFilter {
  readonly status?: readonly OrderStatus[] | null;
  readonly paymentStatus?: readonly PaymentStatus[] | null;
  readonly fulfillmentStatus?: readonly FulfillmentStatus[] | null;
  readonly channelId?: string | null;
  readonly customerId?: string | null;
  /** Orders carrying at least one of these tags. */
  readonly tags?: readonly string[] | null;
  readonly createdAt?: TimeRange | null;
  readonly updatedAt?: TimeRange | null;
  readonly processedAt?: TimeRange | null;
}

export interface OrderSort {
  readonly field: OrderSortField;
  readonly direction: 'ASC' | 'DESC';
}

const SORT_COLUMNS: Record<OrderSortField, KeysetSort<OrderEntity>> = {
  CREATED_AT: {
    key: 'CREATED_AT',
    property: 'createdAt',
    sqlType: 'timestamptz',
    valueOf: (o) => o.createdAt.toISOString(),
  },
  UPDATED_AT: {
    key: 'UPDATED_AT',
    property: 'updatedAt',
    sqlType: 'timestamptz',
    valueOf: (o) => o.updatedAt.toISOString(),
  },
  PROCESSED_AT: {
    key: 'PROCESSED_AT',
    property: 'processedAt',
    sqlType: 'timestamptz',
    valueOf: (o) => o.processedAt.toISOString(),
  },
  NUMBER: { key: 'NUMBER', property: 'number', sqlType: 'bigint', valueOf: (o) => String(o.number) },
  TOTAL: { key: 'TOTAL', property: 'total', sqlType: 'bigint', valueOf: (o) => String(o.total) },
};

/**
 * Reads of orders and what hangs off them. Every read names the store, so an order of store A is
 * invisible (ORDER_NOT_FOUND) through store B. The `…ByOrderIds` methods are batch functions for
 * the request's DataLoaders (one query per relation per request, never one per order).
 */
@Injectable()
export class OrdersQueryService {
  constructor(
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(LineItemEntity) private readonly lines: Repository<LineItemEntity>,
    @InjectRepository(OrderNoteEntity) private readonly notes: Repository<OrderNoteEntity>,
    @InjectRepository(OrderDiscountEntity) private readonly discounts: Repository<OrderDiscountEntity>,
    @InjectRepository(OrderPaymentEntity) private readonly payments: Repository<OrderPaymentEntity>,
    @InjectRepository(OrderStatusChangeEntity) private readonly history: Repository<OrderStatusChangeEntity>,
  ) {}

  async byId(storeId: string, id: string): Promise<OrderEntity> {
    const order = isGlobalId('Order', id) ? await this.orders.findOne({ where: { id, storeId } }) : null;
    if (!order) throw OrderErrors.orderNotFound(id);
    return order;
  }

  /** Orders of the store by id; unknown, malformed and other stores' ids are absent. */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, OrderEntity>> {
    const valid = [...new Set(ids.filter((id) => isGlobalId('Order', id)))];
    if (valid.length === 0) return new Map();
    const rows = await this.orders.find({ where: { id: In(valid), storeId } });
    return new Map(rows.map((o) => [o.id, o]));
  }

  async byNumber(storeId: string, number: number): Promise<OrderEntity> {
    const order = Number.isSafeInteger(number)
      ? await this.orders.findOne({ where: { storeId, number } })
      : null;
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
    const qb = this.orders
      .createQueryBuilder('o')
      .where('o.storeId = :storeId', { storeId })
      .andWhere(archived ? 'o.archivedAt IS NOT NULL' : 'o.archivedAt IS NULL');
    applyFilter(qb, filter);
    return keysetPage(qb, 'o', request, SORT_COLUMNS[sort.field], sort.direction);
  }

  async lineItemById(storeId: string, id: string): Promise<LineItemEntity> {
    const line = isGlobalId('LineItem', id) ? await this.lines.findOne({ where: { id, storeId } }) : null;
    if (!line) throw OrderErrors.lineItemNotFound(id);
    return line;
  }

  async lineItemsByIds(storeId: string, ids: readonly string[]): Promise<Map<string, LineItemEntity>> {
    const valid = [...new Set(ids.filter((id) => isGlobalId('LineItem', id)))];
    if (valid.length === 0) return new Map();
    const rows = await this.lines.find({ where: { id: In(valid), storeId } });
    return new Map(rows.map((l) => [l.id, l]));
  }

  /** Line items of the store that sell `skuId`, newest first by default. */
  async lineItemsBySku(
    storeId: string,
    skuId: string,
    direction: 'ASC' | 'DESC',
    request: PageRequest,
  ): Promise<Page<LineItemEntity>> {
    const qb = this.lines
      .createQueryBuilder('l')
      .where('l.storeId = :storeId AND l.skuId = :skuId', { storeId, skuId });
    return keysetPage(
      qb,
      'l',
      request,
      {
        key: 'CREATED_AT',
        property: 'createdAt',
        sqlType: 'timestamptz',
        valueOf: (l) => l.createdAt.toISOString(),
      },
      direction,
    );
  }

  lineItemsByOrderIds(orderIds: readonly string[]): Promise<Map<string, LineItemEntity[]>> {
    return this.byOrderIds(this.lines, orderIds, { position: 'ASC' });
  }

  notesByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderNoteEntity[]>> {
    return this.byOrderIds(this.notes, orderIds, { seq: 'ASC' });
  }

  discountsByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderDiscountEntity[]>> {
    return this.byOrderIds(this.discounts, orderIds, { createdAt: 'ASC', id: 'ASC' });
  }

  paymentsByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderPaymentEntity[]>> {
    return this.byOrderIds(this.payments, orderIds, { seq: 'ASC' });
  }

  historyByOrderIds(orderIds: readonly string[]): Promise<Map<string, OrderStatusChangeEntity[]>> {
    return this.byOrderIds(this.history, orderIds, { id: 'ASC' });
  }

  /**
   * Children of already-authorised orders (the caller got the orders through a store-scoped read),
   * grouped by order id; every requested id gets a list, maybe empty.
   */
  private async byOrderIds<E extends { orderId: string }>(
    repository: Repository<E>,
    orderIds: readonly string[],
    order: Record<string, 'ASC' | 'DESC'>,
  ): Promise<Map<string, E[]>> {
    const ids = [...new Set(orderIds)];
    const rows =
      ids.length === 0
        ? []
        : await repository.find({ where: { orderId: In(ids) } as never, order: order as never });
    const groups = groupBy(rows, (r) => r.orderId);
    return new Map(ids.map((id) => [id, groups.get(id) ?? []]));
  }
}

function applyFilter(qb: SelectQueryBuilder<OrderEntity>, filter: OrderListFilter): void {
  const inList = (column: string, values: readonly string[] | null | undefined, name: string) => {
    if (values && values.length > 0) qb.andWhere(`o.${column} IN (:...${name})`, { [name]: [...values] });
  };
  inList('status', filter.status, 'statuses');
  inList('paymentStatus', filter.paymentStatus, 'paymentStatuses');
  inList('fulfillmentStatus', filter.fulfillmentStatus, 'fulfillmentStatuses');
  if (filter.channelId) qb.andWhere('o.channelId = :channelId', { channelId: filter.channelId });
  if (filter.customerId) qb.andWhere('o.customerId = :customerId', { customerId: filter.customerId });
  if (filter.tags && filter.tags.length > 0) qb.andWhere('o.tags && :tags', { tags: [...filter.tags] });
  const range = (column: string, r: TimeRange | null | undefined) => {
    if (!r) return;
    qb.andWhere(
      new Brackets((w) => {
        if (r.from) w.andWhere(`o.${column} >= :${column}From`, { [`${column}From`]: r.from });
        if (r.to) w.andWhere(`o.${column} < :${column}To`, { [`${column}To`]: r.to });
      }),
    );
  };
  range('createdAt', filter.createdAt);
  range('updatedAt', filter.updatedAt);
  range('processedAt', filter.processedAt);
}
