import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@platform/ids';
import { LineItemEntity } from '../../order-model/line-item.entity';
import { amountIn, optionalAmountIn } from '../../order-model/money';
import type {
  Actor,
  LineItemPatch,
  NewDiscount,
  NewLineItem,
  NewNote,
} from '../../order-model/order-commands';
import { OrderDiscountEntity } from '../../order-model/order-discount.entity';
import { OrderNoteEntity } from '../../order-model/order-note.entity';
import { assertEditable, assertNotArchived, lineTotals } from '../../order-model/order-rules';
import { OrderWriter } from '../../order-writer/order-writer.service';
import { OrderEntity } from '../../order-model/order.entity';
import { lineOf, newLineItemRow } from '../../order-model/order-rows';
import { OrderErrors } from '../../order-model/orders.errors';

/**
 * What an order holds besides its header: line items, order-level discounts and notes. Lines and
 * discounts change only while the order is DRAFT or OPEN (ORDER_NOT_EDITABLE otherwise) and every
 * change re-derives the totals; notes may be added to any order that is not archived.
 */
@Injectable()
export class OrderContentsService {
  constructor(private readonly writer: OrderWriter) {}

  async addLineItem(
    storeId: string,
    orderId: string,
    line: NewLineItem,
    expectedVersion?: number | null,
  ): Promise<{ order: OrderEntity; lineItem: LineItemEntity }> {
    const { order, result } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertEditable(change.order);
      const lines = change.tx.getRepository(LineItemEntity);
      const last = await lines.maximum('position', { orderId: change.order.id });
      const row = newLineItemRow(change.order, line, change.now, ['lineItem'], (last ?? 0) + 1);
      await lines.insert(row);
      await change.recompute();
      return row;
    });
    return { order, lineItem: result };
  }

  async updateLineItem(
    storeId: string,
    orderId: string,
    lineItemId: string,
    patch: LineItemPatch,
    expectedVersion?: number | null,
  ): Promise<{ order: OrderEntity; lineItem: LineItemEntity }> {
    const { order, result } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertEditable(change.order);
      const lines = change.tx.getRepository(LineItemEntity);
      const row = await lineOf(lines, change.order.id, lineItemId);
      const currency = change.order.currencyCode;
      if (patch.name !== undefined) row.name = patch.name;
      if (patch.quantity !== undefined) row.quantity = patch.quantity;
      if (patch.unitAmount !== undefined)
        row.unitAmount = amountIn(patch.unitAmount, currency, ['unitAmount']);
      if (patch.discountAmount !== undefined) {
        row.discountTotal = optionalAmountIn(patch.discountAmount, currency, ['discountAmount']);
      }
      if (patch.taxAmount !== undefined)
        row.taxTotal = optionalAmountIn(patch.taxAmount, currency, ['taxAmount']);
      if (patch.fulfillmentMode !== undefined) row.fulfillmentMode = patch.fulfillmentMode;
      if (patch.status !== undefined) row.status = patch.status;
      Object.assign(row, lineTotals(row), { updatedAt: change.now });
      await lines.save(row);
      await change.recompute();
      return row;
    });
    return { order, lineItem: result };
  }

  async deleteLineItem(
    storeId: string,
    orderId: string,
    lineItemId: string,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertEditable(change.order);
      const lines = change.tx.getRepository(LineItemEntity);
      const row = await lineOf(lines, change.order.id, lineItemId);
      await lines.delete({ id: row.id });
      await change.recompute();
    });
    return order;
  }

  async addDiscount(
    storeId: string,
    orderId: string,
    discount: NewDiscount,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertEditable(change.order);
      await change.tx.getRepository(OrderDiscountEntity).insert({
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
      const discounts = change.tx.getRepository(OrderDiscountEntity);
      const found = isUuid(discountId)
        ? await discounts.findOne({ where: { id: discountId, orderId: change.order.id } })
        : null;
      if (!found) throw OrderErrors.discountNotFound(discountId);
      await discounts.delete({ id: found.id });
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
      await change.tx.getRepository(OrderNoteEntity).insert(row);
      return row;
    });
    return { order, note: result };
  }

  async deleteNote(storeId: string, orderId: string, noteId: string): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, null, async (change) => {
      assertNotArchived(change.order);
      const notes = change.tx.getRepository(OrderNoteEntity);
      const found = isUuid(noteId)
        ? await notes.findOne({ where: { id: noteId, orderId: change.order.id } })
        : null;
      if (!found) throw OrderErrors.noteNotFound(noteId);
      await notes.delete({ id: found.id });
    });
    return order;
  }
}
