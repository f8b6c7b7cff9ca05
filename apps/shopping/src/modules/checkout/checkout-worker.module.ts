import { Module } from '@nestjs/common';
import { QueueModule, everyJobScheduler } from '@platform/queue';
import { OrdersModule } from '../orders/orders.module';
import { CheckoutQueue, EXPIRE_EVERY_MS, EXPIRE_JOB } from './checkout.jobs';
import { CheckoutProcessor } from './checkout.processor';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { CheckoutService } from './checkout.service';

/**
 * The worker's side of checkout: consumes `shopping-checkout`, whose job scheduler runs the
 * expiry sweep every minute. Needs QueueModule.forRoot() and ServiceKitModule in the worker's root.
 */
@Module({
  imports: [QueueModule.registerQueues(CheckoutQueue), OrdersModule],
  providers: [
    CheckoutProcessor,
    CheckoutService,
    CheckoutSessionsRepository,
    everyJobScheduler(CheckoutQueue, {
      id: 'shopping-checkout-expiry',
      everyMs: EXPIRE_EVERY_MS,
      job: EXPIRE_JOB,
    }),
  ],
})
export class CheckoutWorkerModule {}
