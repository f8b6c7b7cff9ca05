import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { UcpModule } from '../ucp/ucp.module';
import { OrderEventsPublisher } from './order-events.publisher';
import { OrdersController } from './orders.controller';
import { ShoppingOrdersQueue } from './orders.jobs';
import { OrdersService } from './orders.service';
import { ShoppingOrdersRepository } from './shopping-orders.repository';

/** GET …/orders/{id}; OrdersService places orders for the checkout engine. */
@Module({
  imports: [QueueModule.registerQueues(ShoppingOrdersQueue), UcpModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrderEventsPublisher, ShoppingOrdersRepository],
  exports: [OrderEventsPublisher, OrdersService, ShoppingOrdersRepository],
})
export class OrdersModule {}
