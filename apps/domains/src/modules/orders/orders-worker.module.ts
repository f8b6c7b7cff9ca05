import { Module } from '@nestjs/common';
import { OperationRunner, QueueModule } from '@platform/queue';
import { PaymentProfilesModule } from '../payment-profiles/payment-profiles.module';
import { AvailabilityCache } from '../registry/availability.cache';
import { OrderOrphansService } from './order-orphans.service';
import { OrderPlacement } from './order-placement.service';
import { OrderRunner } from './order.runner';
import { DomainsOrdersQueue } from './orders.jobs';
import { OrdersProcessor } from './orders.processor';
import { RenewalSweep } from './renewal-sweep.service';

/** The worker side of orders: runs them (queue domains-orders), and the renewal and expiry sweep. */
@Module({
  imports: [PaymentProfilesModule, QueueModule.registerQueues(DomainsOrdersQueue)],
  providers: [
    AvailabilityCache,
    OperationRunner,
    OrderOrphansService,
    OrderPlacement,
    OrderRunner,
    OrdersProcessor,
    RenewalSweep,
  ],
})
export class OrdersWorkerModule {}
