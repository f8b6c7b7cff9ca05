import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { UcpModule } from '../ucp/ucp.module';
import { OrderWebhookDelivery } from './order-webhook-delivery.service';

/**
 * Order webhooks (OrderWebhookDelivery), for the worker's `order.deliver-events` jobs: through the
 * Shopping API's one outbound policy (AgentProfilesService.outbound), signed with the business key.
 */
@Module({
  imports: [OrdersModule, UcpModule],
  providers: [OrderWebhookDelivery],
  exports: [OrderWebhookDelivery],
})
export class OrderWebhooksModule {}
