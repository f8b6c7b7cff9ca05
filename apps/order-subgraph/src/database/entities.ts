import { DiscountCodeEntity } from '../modules/discount-codes/discount-code.entity';
import { LineItemEntity } from '../modules/order-model/line-item.entity';
import { OrderDiscountEntity } from '../modules/order-model/order-discount.entity';
import { OrderNoteEntity } from '../modules/order-model/order-note.entity';
import { OrderPaymentEntity } from '../modules/order-model/order-payment.entity';
import { OrderStatusChangeEntity } from '../modules/order-model/order-status-change.entity';
import { OrderEntity } from '../modules/order-model/order.entity';
import { StoreOrderCounterEntity } from '../modules/order-model/store-order-counter.entity';
import { OutboxEventEntity } from '../modules/outbox/outbox-event.entity';

/** Every entity of schema `orders` (explicit list, no globs). Keep it sorted. */
export const ORDERS_ENTITIES = [
  DiscountCodeEntity,
  LineItemEntity,
  OrderDiscountEntity,
  OrderEntity,
  OrderNoteEntity,
  OrderPaymentEntity,
  OrderStatusChangeEntity,
  OutboxEventEntity,
  StoreOrderCounterEntity,
];
