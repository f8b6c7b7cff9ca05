import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { DiscountCodeEntity } from '../discount-codes/discount-code.entity';
import { OutboxRepository } from '../outbox/outbox.repository';
import { LineItemEntity } from './line-item.entity';
import { OrderDiscountEntity } from './order-discount.entity';
import { OrderNoteEntity } from './order-note.entity';
import { OrderPaymentEntity } from './order-payment.entity';
import { OrderStatusChangeEntity } from './order-status-change.entity';
import { OrderEntity } from './order.entity';
import { violatesUnique } from './unique-violation';

type Insert<E> = QueryDeepPartialEntity<E> | QueryDeepPartialEntity<E>[];

/** Whether `e` is the unique index on (store, placement reference) refusing an insert. */
export function isPlacementReferenceTaken(e: unknown): boolean {
  return violatesUnique(e, 'orders_store_placement_reference_key');
}

/**
 * Storage of orders and what hangs off them (schema `orders`) as the writes see it: OrderWriter's
 * transaction, the row lock and the store's order counter, and every statement a change runs.
 * `transaction(work)` runs `work` with a copy bound to one transaction; `outbox` is the outbox in
 * the same transaction. (The admin graph's reads are OrderReadsRepository's.)
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: OrdersRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new OrdersRepository(manager)));
  }

  /** The outbox, in this copy's transaction. */
  get outbox(): OutboxRepository {
    return new OutboxRepository(this.manager);
  }

  /** The store's order, its row locked (`FOR UPDATE`) until the transaction ends. */
  findInStoreForUpdate(storeId: string, orderId: string): Promise<OrderEntity | null> {
    return this.manager
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.id = :orderId AND o.storeId = :storeId', { orderId, storeId })
      .getOne();
  }

  findByPlacementReference(storeId: string, reference: string): Promise<OrderEntity | null> {
    return this.manager
      .getRepository(OrderEntity)
      .findOne({ where: { storeId, placementReference: reference } });
  }

  /**
   * The store's next order number: an upsert of the store's counter row. The row lock makes
   * concurrent creations in one store wait for each other until the transaction ends, and a
   * rollback takes the number back, so numbers have neither gaps nor duplicates.
   */
  async nextNumber(storeId: string): Promise<number> {
    const rows: { last_number: string }[] = await this.manager.query(
      `INSERT INTO "orders"."store_order_counters" ("store_id", "last_number") VALUES ($1, 1)
       ON CONFLICT ("store_id") DO UPDATE SET "last_number" = "store_order_counters"."last_number" + 1
       RETURNING "last_number"`,
      [storeId],
    );
    return Number(rows[0].last_number);
  }

  /** A taken placement reference throws (see isPlacementReferenceTaken). */
  async insert(order: OrderEntity): Promise<void> {
    await this.manager.getRepository(OrderEntity).insert(order);
  }

  async save(order: OrderEntity): Promise<void> {
    await this.manager.getRepository(OrderEntity).save(order);
  }

  async insertStatusChanges(rows: Insert<OrderStatusChangeEntity>): Promise<void> {
    await this.manager.getRepository(OrderStatusChangeEntity).insert(rows);
  }

  /** The order's lines, in no particular order. */
  findLines(orderId: string): Promise<LineItemEntity[]> {
    return this.manager.getRepository(LineItemEntity).find({ where: { orderId } });
  }

  /** The order's lines by position. */
  findLinesByPosition(orderId: string): Promise<LineItemEntity[]> {
    return this.manager
      .getRepository(LineItemEntity)
      .find({ where: { orderId }, order: { position: 'ASC' } });
  }

  findLine(lineItemId: string): Promise<LineItemEntity> {
    return this.manager.getRepository(LineItemEntity).findOneOrFail({ where: { id: lineItemId } });
  }

  findLineOfOrder(lineItemId: string, orderId: string): Promise<LineItemEntity | null> {
    return this.manager.getRepository(LineItemEntity).findOne({ where: { id: lineItemId, orderId } });
  }

  countLines(orderId: string): Promise<number> {
    return this.manager.getRepository(LineItemEntity).count({ where: { orderId } });
  }

  /** The highest position of the order's lines; null when it has none. */
  maxLinePosition(orderId: string): Promise<number | null> {
    return this.manager.getRepository(LineItemEntity).maximum('position', { orderId });
  }

  async insertLines(rows: Insert<LineItemEntity>): Promise<void> {
    await this.manager.getRepository(LineItemEntity).insert(rows);
  }

  async saveLine(row: LineItemEntity): Promise<void> {
    await this.manager.getRepository(LineItemEntity).save(row);
  }

  async saveLines(rows: LineItemEntity[]): Promise<void> {
    await this.manager.getRepository(LineItemEntity).save(rows);
  }

  async deleteLine(lineItemId: string): Promise<void> {
    await this.manager.getRepository(LineItemEntity).delete({ id: lineItemId });
  }

  /** Every line of the order FULFILLED. */
  async markLinesFulfilled(orderId: string, now: Date): Promise<void> {
    await this.manager
      .getRepository(LineItemEntity)
      .update({ orderId }, { status: 'FULFILLED', updatedAt: now });
  }

  /** The order's discounts, in no particular order. */
  findDiscounts(orderId: string): Promise<OrderDiscountEntity[]> {
    return this.manager.getRepository(OrderDiscountEntity).find({ where: { orderId } });
  }

  /** The order's discounts in the order they apply (createdAt, id). */
  findDiscountsInApplyOrder(orderId: string): Promise<OrderDiscountEntity[]> {
    return this.manager
      .getRepository(OrderDiscountEntity)
      .find({ where: { orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findDiscountOfOrder(discountId: string, orderId: string): Promise<OrderDiscountEntity | null> {
    return this.manager.getRepository(OrderDiscountEntity).findOne({ where: { id: discountId, orderId } });
  }

  countDiscounts(orderId: string): Promise<number> {
    return this.manager.getRepository(OrderDiscountEntity).count({ where: { orderId } });
  }

  async insertDiscount(row: QueryDeepPartialEntity<OrderDiscountEntity>): Promise<void> {
    await this.manager.getRepository(OrderDiscountEntity).insert(row);
  }

  async saveDiscount(row: OrderDiscountEntity): Promise<void> {
    await this.manager.getRepository(OrderDiscountEntity).save(row);
  }

  async deleteDiscount(discountId: string): Promise<void> {
    await this.manager.getRepository(OrderDiscountEntity).delete({ id: discountId });
  }

  /** The store's discount codes of `ids` (the codes an order's discounts came from). */
  findDiscountCodes(ids: string[]): Promise<DiscountCodeEntity[]> {
    return this.manager.getRepository(DiscountCodeEntity).find({ where: { id: In(ids) } });
  }

  async insertNotes(rows: Insert<OrderNoteEntity>): Promise<void> {
    await this.manager.getRepository(OrderNoteEntity).insert(rows);
  }

  findNoteOfOrder(noteId: string, orderId: string): Promise<OrderNoteEntity | null> {
    return this.manager.getRepository(OrderNoteEntity).findOne({ where: { id: noteId, orderId } });
  }

  async deleteNote(noteId: string): Promise<void> {
    await this.manager.getRepository(OrderNoteEntity).delete({ id: noteId });
  }

  async insertPayment(row: QueryDeepPartialEntity<OrderPaymentEntity>): Promise<void> {
    await this.manager.getRepository(OrderPaymentEntity).insert(row);
  }

  /** Adds `amount` to the refunded amount of payment `paymentId` (a SALE). */
  async addRefunded(paymentId: string, amount: number): Promise<void> {
    await this.manager
      .getRepository(OrderPaymentEntity)
      .increment({ id: paymentId }, 'refundedAmount', amount);
  }

  /** The order's SALEs, oldest first. */
  findSales(orderId: string): Promise<OrderPaymentEntity[]> {
    return this.manager
      .getRepository(OrderPaymentEntity)
      .find({ where: { orderId, type: 'SALE' }, order: { seq: 'ASC' } });
  }
}
