import { Module } from '@nestjs/common';
import { DiscountCodesModule } from '../discount-codes/discount-codes.module';
import { OrderWriterModule } from '../order-writer/order-writer.module';
import { CartTotals } from './cart-totals.service';
import { StorefrontCartService } from './storefront-cart.service';

/**
 * The storefront cart: lines priced from the catalog, discount codes applied all or nothing, a
 * whole cart assembled in one go, and the totals and taxes of a DRAFT order (CartTotals). The
 * resolvers of the one schema (orders/) call it on both paths; the catalog and tax clients come
 * from StorefrontClientsModule (global, app.module.ts).
 */
@Module({
  imports: [DiscountCodesModule, OrderWriterModule],
  providers: [CartTotals, StorefrontCartService],
  exports: [CartTotals, StorefrontCartService],
})
export class StorefrontCartModule {}
