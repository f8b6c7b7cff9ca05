import { Module } from '@nestjs/common';
import { OrdersRepository } from '../order-model/orders.repository';
import { OutboxModule } from '../outbox/outbox.module';
import { Clock } from './clock.service';
import { OrderWriter } from './order-writer.service';

/** The one way orders are written (OrderWriter) and its clock; the admin orders, the cart and store orders take them. */
@Module({
  imports: [OutboxModule],
  providers: [Clock, OrderWriter, OrdersRepository],
  exports: [Clock, OrderWriter, OrdersRepository],
})
export class OrderWriterModule {}
