import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { StoreProductLookupResponse, StoreProductSearchResponse } from '@platform/contracts';
import { ProductLookupRequest, ProductSearchRequest, StoreParams } from './shopping-products.request';
import { StoreProductsService } from './store-products.service';

/**
 * What the Shopping API (apps/shopping) reads of a store's catalog, with the platform's internal
 * credential: its SKU groups as products (libs/contracts shopping-owners.ts).
 */
@Controller('internal/v1/stores/:storeId/shopping-products')
export class ShoppingProductsController {
  constructor(private readonly products: StoreProductsService) {}

  /** 200 one page of ACTIVE products; 400 INVALID_CURSOR for a cursor this search did not return. */
  @Post('search')
  @HttpCode(200)
  @InternalRoute()
  search(
    @Param() params: StoreParams,
    @Body() body: ProductSearchRequest,
  ): Promise<StoreProductSearchResponse> {
    return this.products.search(params.storeId.toLowerCase(), body);
  }

  /** 200 the products the ids name, in any status; unknown ids are absent. */
  @Post('lookup')
  @HttpCode(200)
  @InternalRoute()
  async lookup(
    @Param() params: StoreParams,
    @Body() body: ProductLookupRequest,
  ): Promise<StoreProductLookupResponse> {
    return { products: await this.products.lookup(params.storeId.toLowerCase(), body.ids) };
  }
}
