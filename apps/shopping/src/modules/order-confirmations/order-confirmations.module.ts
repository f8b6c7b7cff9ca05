import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { MailTransport } from './mail-transport.service';
import { OrderConfirmationsRepository } from './order-confirmations.repository';
import { OrderConfirmations } from './order-confirmations.service';

/**
 * The buyer's order confirmation e-mail (the worker's `order.confirm`; docs/shopping.md, "Order
 * confirmation e-mail"). Needs ShoppingConfigModule and the database in the root.
 */
@Module({
  imports: [OrdersModule],
  providers: [MailTransport, OrderConfirmations, OrderConfirmationsRepository],
  exports: [OrderConfirmations],
})
export class OrderConfirmationsModule {}
