import { Module } from '@nestjs/common';
import { OperationRunner, QueueModule } from '@platform/queue';
import { PaymentProfilesModule } from '../payment-profiles/payment-profiles.module';
import { RegistryModule } from '../registry/registry.module';
import { OrderPlacement } from './order-placement.service';
import { OrdersController } from './orders.controller';
import { DomainsOrdersQueue } from './orders.jobs';
import { OrdersService } from './orders.service';

/** Purchase, renewal and transfer orders: POST /v1/domains/purchase, /v1/domains/{domain}/renew, /v1/domains/{domain}/transfer. */
@Module({
  imports: [PaymentProfilesModule, QueueModule.registerQueues(DomainsOrdersQueue), RegistryModule],
  controllers: [OrdersController],
  providers: [OperationRunner, OrderPlacement, OrdersService],
})
export class OrdersModule {}
