import { postInternal } from '@platform/auth';
import type { CatalogSkuPrice, CatalogSkuPricesResponse } from '@platform/contracts';
import { Errors } from '@platform/errors';

/**
 * The order subgraph's way to the catalog's current SKU prices: the catalog's internal route
 * (apps/catalog-subgraph/src/modules/storefront-pricing), never its tables.
 */
export class CatalogPricingClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credential: string,
  ) {}

  /** The SKUs of `skuIds` the store has (unknown ids are absent from the map). */
  async prices(storeId: string, skuIds: readonly string[]): Promise<Map<string, CatalogSkuPrice>> {
    const wanted = [...new Set(skuIds)];
    if (wanted.length === 0) return new Map();
    const { status, body } = await postInternal(
      { baseUrl: this.baseUrl, credential: this.credential },
      `/internal/v1/stores/${encodeURIComponent(storeId)}/sku-prices`,
      { skuIds: wanted },
      'the catalog',
    );
    if (status !== 200) throw Errors.internal(`the catalog refused the price request (${status})`);
    const skus = (body as Partial<CatalogSkuPricesResponse>).skus ?? [];
    return new Map(skus.map((s) => [s.id, s]));
  }
}
