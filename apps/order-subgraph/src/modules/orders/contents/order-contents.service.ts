import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@platform/ids';
import { amountIn } from '../../order-model/money';
import type { Actor, NewDiscount, NewNote } from '../../order-model/order-commands';
import { OrderNoteEntity } from '../../order-model/order-note.entity';
import { assertEditable, assertNotArchived } from '../../order-model/order-rules';
import { OrderWriter } from '../../order-writer/order-writer.service';
import { OrderEntity } from '../../order-model/order.entity';
import { OrderErrors } from '../../order-model/orders.errors';

/**
 * What an order holds besides its header and lines (the storefront cart changes lines): order-level
 * discounts and notes. Discounts change only while the order is DRAFT or OPEN (ORDER_NOT_EDITABLE
 * otherwise) and every change re-derives the totals; notes may be added to any order that is not
 * archived.
 */
@Injectable()
export class OrderContentsService {
  constructor(private readonly writer: OrderWriter) {}

  async addDiscount(
    storeId: string,
    orderId: string,
    discount: NewDiscount,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertEditable(change.order);
      await change.tx.insertDiscount({
        id: randomUUID(),
        orderId: change.order.id,
        name: discount.name,
        code: discount.code ?? null,
        amount: amountIn(discount.amount, change.order.currencyCode, ['amount'], true),
        createdAt: change.now,
      });
      await change.recompute();
    });
    return order;
  }

  async removeDiscount(
    storeId: string,
    orderId: string,
    discountId: string,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertEditable(change.order);
      const found = isUuid(discountId)
        ? await change.tx.findDiscountOfOrder(discountId, change.order.id)
        : null;
      if (!found) throw OrderErrors.discountNotFound(discountId);
      await change.tx.deleteDiscount(found.id);
      await change.recompute();
    });
    return order;
  }

  async addNote(
    storeId: string,
    orderId: string,
    note: NewNote,
    actor: Actor,
  ): Promise<{ order: OrderEntity; note: OrderNoteEntity }> {
    const { order, result } = await this.writer.change(storeId, orderId, null, async (change) => {
      assertNotArchived(change.order);
      const row = new OrderNoteEntity();
      Object.assign(row, {
        id: randomUUID(),
        orderId: change.order.id,
        content: note.content,
        authorType: note.authorType ?? 'MERCHANT',
        authorId: actor.accountId,
        shouldNotifyCustomer: note.shouldNotifyCustomer ?? false,
        createdAt: change.now,
      });
      await change.tx.insertNotes(row);
      return row;
    });
    return { order, note: result };
  }

  async deleteNote(storeId: string, orderId: string, noteId: string): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, null, async (change) => {
      assertNotArchived(change.order);
      const found = isUuid(noteId) ? await change.tx.findNoteOfOrder(noteId, change.order.id) : null;
      if (!found) throw OrderErrors.noteNotFound(noteId);
      await change.tx.deleteNote(found.id);
    });
    return order;
  }
}
