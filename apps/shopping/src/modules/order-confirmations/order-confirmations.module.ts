import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { MailTransport } from './mail-transport.service';
import { OrderConfirmations } from './order-confirmations.service';

/**
 * The buyer's order confirmation e-mail (the worker's `order.confirm`; docs/shopping.md, "Order
 * confirmation e-mail"). Needs ShoppingConfigModule and the database in the root.
 */
@Module({
  imports: [OrdersModule],
  providers: [MailTransport, OrderConfirmations],
  exports: [OrderConfirmations],
})
export class OrderConfirmationsModule {}
