import { DynamicModule, Module } from '@nestjs/common';
import { QueueModule, everyJobScheduler } from '@platform/queue';
import { OrderConfirmationsModule } from '../order-confirmations/order-confirmations.module';
import { OrderWebhooksModule } from '../order-webhooks/order-webhooks.module';
import { ProvisioningModule } from '../provisioning/provisioning.module';
import { OrdersModule } from './orders.module';
import { OrdersSweep } from './orders-sweep.service';
import { SWEEP_EVERY_MS, SWEEP_JOB, SWEEP_SCHEDULER_ID, ShoppingOrdersQueue } from './orders.jobs';
import { ShoppingOrdersProcessor } from './orders.processor';

/**
 * The worker's side of orders: consumes `shopping-orders` (provisioning of platform orders,
 * modules/provisioning; order webhooks, modules/order-webhooks; the buyer's confirmation e-mail,
 * modules/order-confirmations) and schedules its sweep every minute. Needs QueueModule.forRoot(), ShoppingConfigModule and ServiceKitModule in the root.
 */
@Module({})
export class OrdersWorkerModule {
  static forRoot(options: { domainsUrl: string }): DynamicModule {
    return {
      module: OrdersWorkerModule,
      imports: [
        OrderConfirmationsModule,
        OrderWebhooksModule,
        OrdersModule,
        ProvisioningModule.forRoot(options),
        QueueModule.registerQueues(ShoppingOrdersQueue),
      ],
      providers: [
        OrdersSweep,
        ShoppingOrdersProcessor,
        everyJobScheduler(ShoppingOrdersQueue, {
          id: SWEEP_SCHEDULER_ID,
          everyMs: SWEEP_EVERY_MS,
          job: SWEEP_JOB,
        }),
      ],
    };
  }
}
