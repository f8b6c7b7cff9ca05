import { DynamicModule, Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { PlatformCatalogModule } from '../platform-catalog/platform-catalog.module';
import { OrderProvisioner } from './order-provisioner.service';
import { ProvisioningOwners } from './provisioning-owners';

/**
 * Provisioning of platform orders (OrderProvisioner), for the worker's `order.provision` jobs.
 * Needs ShoppingConfigModule and ServiceKitModule in the root module.
 */
@Module({})
export class ProvisioningModule {
  static forRoot(options: { domainsUrl: string }): DynamicModule {
    return {
      module: ProvisioningModule,
      imports: [OrdersModule, PlatformCatalogModule.forRoot(options)],
      providers: [OrderProvisioner, ProvisioningOwners],
      exports: [OrderProvisioner],
    };
  }
}
