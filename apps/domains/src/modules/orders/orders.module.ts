import { Module } from '@nestjs/common';
import { OperationRunner, QueueModule } from '@platform/queue';
import { DomainsRepository } from '../domains/domains.repository';
import { PaymentProfilesModule } from '../payment-profiles/payment-profiles.module';
import { RegistryModule } from '../registry/registry.module';
import { DomainPurchasesService } from './domain-purchases.service';
import { InternalPurchasesController } from './internal-purchases.controller';
import { OrderPlacement } from './order-placement.service';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { DomainsOrdersQueue } from './orders.jobs';
import { OrdersService } from './orders.service';

/**
 * Purchase, renewal and transfer orders: POST /v1/domains/purchase, /v1/domains/{domain}/renew,
 * /v1/domains/{domain}/transfer; the Shopping API's purchases under
 * /internal/v1/accounts/{accountId}/domain-purchases.
 */
@Module({
  imports: [PaymentProfilesModule, QueueModule.registerQueues(DomainsOrdersQueue), RegistryModule],
  controllers: [InternalPurchasesController, OrdersController],
  providers: [
    DomainPurchasesService,
    DomainsRepository,
    OperationRunner,
    OrderPlacement,
    OrdersRepository,
    OrdersService,
  ],
})
export class OrdersModule {}
