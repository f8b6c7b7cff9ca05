import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { UcpModule } from '../ucp/ucp.module';
import { OrderEventsRepository } from './order-events.repository';
import { OrderWebhookDelivery } from './order-webhook-delivery.service';

/**
 * Order webhooks (OrderWebhookDelivery), for the worker's `order.deliver-events` jobs: through the
 * Shopping API's one outbound policy (AgentProfilesService.outbound), signed with the business key.
 */
@Module({
  imports: [OrdersModule, UcpModule],
  providers: [OrderEventsRepository, OrderWebhookDelivery],
  exports: [OrderWebhookDelivery],
})
export class OrderWebhooksModule {}
