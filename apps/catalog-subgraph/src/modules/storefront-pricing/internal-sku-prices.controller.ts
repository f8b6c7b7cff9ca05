import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import { SkuPricesParams, SkuPricesRequest } from './storefront-pricing.request';
import type { CatalogSkuPricesResponse } from '@platform/contracts';
import { StorefrontPricingService } from './storefront-pricing.service';

/**
 * What the order subgraph asks the catalog when a storefront adds a SKU to a cart (its lines are
 * priced from here, never by the client), with the platform's internal credential.
 */
@Controller('internal/v1/stores/:storeId/sku-prices')
export class InternalSkuPricesController {
  constructor(private readonly pricing: StorefrontPricingService) {}

  /** 200 {skus: [...]}: the requested SKUs the store has, in any status; unknown ids are absent. */
  @Post()
  @HttpCode(200)
  @InternalRoute()
  async prices(
    @Param() params: SkuPricesParams,
    @Body() body: SkuPricesRequest,
  ): Promise<CatalogSkuPricesResponse> {
    return { skus: await this.pricing.prices(params.storeId.toLowerCase(), body.skuIds) };
  }
}
