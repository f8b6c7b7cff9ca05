import { Module } from '@nestjs/common';
import { InternalSkuPricesController } from './internal-sku-prices.controller';
import { StorefrontPricingRepository } from './storefront-pricing.repository';
import { StorefrontPricingService } from './storefront-pricing.service';

/** The catalog's internal price route for the order storefront (docs/graphql.md, "Order storefront"). */
@Module({
  controllers: [InternalSkuPricesController],
  providers: [StorefrontPricingRepository, StorefrontPricingService],
})
export class StorefrontPricingModule {}
