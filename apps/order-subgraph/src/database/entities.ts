import { DiscountCodeEntity } from '../modules/discount-codes/discount-code.entity';
import { LineItemEntity } from '../modules/orders/line-item.entity';
import { OrderDiscountEntity } from '../modules/orders/order-discount.entity';
import { OrderNoteEntity } from '../modules/orders/order-note.entity';
import { OrderPaymentEntity } from '../modules/orders/order-payment.entity';
import { OrderStatusChangeEntity } from '../modules/orders/order-status-change.entity';
import { OrderEntity } from '../modules/orders/order.entity';
import { StoreOrderCounterEntity } from '../modules/orders/store-order-counter.entity';
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
