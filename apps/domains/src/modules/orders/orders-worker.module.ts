import { Module } from '@nestjs/common';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import { DomainsRepository } from '../domains/domains.repository';
import { PaymentProfilesModule } from '../payment-profiles/payment-profiles.module';
import { AvailabilityCache } from '../registry/availability.cache';
import { DomainOrderEntity } from './domain-order.entity';
import { OrderPlacement } from './order-placement.service';
import { OrderRunner } from './order.runner';
import { DomainsOrdersQueue } from './orders.jobs';
import { OrdersProcessor } from './orders.processor';
import { OrdersRepository } from './orders.repository';
import { RenewalSweepScheduler } from './renewal-sweep.scheduler';
import { RenewalSweep } from './renewal-sweep.service';

/**
 * The worker side of orders: runs them (queue domains-orders), re-adds their orphaned jobs, and the
 * renewal and expiry sweep.
 */
@Module({
  imports: [
    OrphanScanModule.forOperations({ entity: DomainOrderEntity, operations: DomainsOrdersQueue }),
    PaymentProfilesModule,
    QueueModule.registerQueues(DomainsOrdersQueue),
  ],
  providers: [
    AvailabilityCache,
    DomainsRepository,
    OperationRunner,
    OrderPlacement,
    OrderRunner,
    OrdersProcessor,
    OrdersRepository,
    RenewalSweep,
    RenewalSweepScheduler,
  ],
})
export class OrdersWorkerModule {}
