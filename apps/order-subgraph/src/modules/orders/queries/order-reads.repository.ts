import { Injectable } from '@nestjs/common';
import { KeysetSort, Page, PageRequest, keysetPage } from '@platform/graphql-subgraph';
import { Brackets, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import type { EntityTarget } from 'typeorm';
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

/** What `orders` and `archivedOrders` ask for. */
export interface OrderPageQuery {
  readonly archived: boolean;
  readonly filter: OrderListFilter;
  readonly sort: OrderSort;
  readonly request: PageRequest;
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
 * The admin graph's reads of orders (schema `orders`): by id, number and keyset page, and the
 * children of many orders at once for the request's DataLoaders. Every read of an order or line
 * names the store; the children are read for orders the caller already got through such a read.
 */
@Injectable()
export class OrderReadsRepository {
  constructor(private readonly manager: EntityManager) {}

  findInStore(storeId: string, id: string): Promise<OrderEntity | null> {
    return this.manager.getRepository(OrderEntity).findOne({ where: { id, storeId } });
  }

  findManyInStore(storeId: string, ids: string[]): Promise<OrderEntity[]> {
    return this.manager.getRepository(OrderEntity).find({ where: { id: In(ids), storeId } });
  }

  findByNumber(storeId: string, number: number): Promise<OrderEntity | null> {
    return this.manager.getRepository(OrderEntity).findOne({ where: { storeId, number } });
  }

  /** One keyset page of the store's orders, archived or not, filtered and sorted. */
  findPage(storeId: string, query: OrderPageQuery): Promise<Page<OrderEntity>> {
    const { archived, filter, sort, request } = query;
    const qb = this.manager
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.storeId = :storeId', { storeId })
      .andWhere(archived ? 'o.archivedAt IS NOT NULL' : 'o.archivedAt IS NULL');
    applyFilter(qb, filter);
    return keysetPage(qb, 'o', request, SORT_COLUMNS[sort.field], sort.direction);
  }

  findLineInStore(storeId: string, id: string): Promise<LineItemEntity | null> {
    return this.manager.getRepository(LineItemEntity).findOne({ where: { id, storeId } });
  }

  findLinesInStore(storeId: string, ids: string[]): Promise<LineItemEntity[]> {
    return this.manager.getRepository(LineItemEntity).find({ where: { id: In(ids), storeId } });
  }

  /** One keyset page of the store's line items that sell `skuId`, by createdAt. */
  findLinePageBySku(
    storeId: string,
    skuId: string,
    direction: 'ASC' | 'DESC',
    request: PageRequest,
  ): Promise<Page<LineItemEntity>> {
    const qb = this.manager
      .getRepository(LineItemEntity)
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

  findLinesOfOrders(orderIds: string[]): Promise<LineItemEntity[]> {
    return this.ofOrders(LineItemEntity, orderIds, { position: 'ASC' });
  }

  findNotesOfOrders(orderIds: string[]): Promise<OrderNoteEntity[]> {
    return this.ofOrders(OrderNoteEntity, orderIds, { seq: 'ASC' });
  }

  findDiscountsOfOrders(orderIds: string[]): Promise<OrderDiscountEntity[]> {
    return this.ofOrders(OrderDiscountEntity, orderIds, { createdAt: 'ASC', id: 'ASC' });
  }

  findPaymentsOfOrders(orderIds: string[]): Promise<OrderPaymentEntity[]> {
    return this.ofOrders(OrderPaymentEntity, orderIds, { seq: 'ASC' });
  }

  findHistoryOfOrders(orderIds: string[]): Promise<OrderStatusChangeEntity[]> {
    return this.ofOrders(OrderStatusChangeEntity, orderIds, { id: 'ASC' });
  }

  /** The rows of `entity` of the given orders (one statement), in `order`. */
  private ofOrders<E extends { orderId: string }>(
    entity: EntityTarget<E>,
    orderIds: string[],
    order: Record<string, 'ASC' | 'DESC'>,
  ): Promise<E[]> {
    return this.manager
      .getRepository(entity)
      .find({ where: { orderId: In(orderIds) } as never, order: order as never });
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
