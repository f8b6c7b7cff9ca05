import { Injectable } from '@nestjs/common';
import { isUuid } from '@platform/graphql-subgraph';
import type { CatalogSkuPrice } from '@platform/contracts';
import { type SkuCurrentPriceRow, StorefrontPricingRepository } from './storefront-pricing.repository';

type Money = { value: number; currencyCode: string };

function moneyOf(value: unknown): Money | null {
  if (!value || typeof value !== 'object') return null;
  const m = value as Partial<Money>;
  return typeof m.value === 'number' && typeof m.currencyCode === 'string'
    ? { value: m.value, currencyCode: m.currencyCode }
    : null;
}

/** The current prices of a store's SKUs, for the order subgraph's storefront (read-only). */
@Injectable()
export class StorefrontPricingService {
  constructor(private readonly catalog: StorefrontPricingRepository) {}

  async prices(storeId: string, skuIds: readonly string[]): Promise<CatalogSkuPrice[]> {
    const ids = [...new Set(skuIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
    if (ids.length === 0) return [];
    const skus = await this.catalog.findSkus(storeId, ids);
    if (skus.length === 0) return [];
    const links = await this.catalog.findMediaLinks(
      storeId,
      skus.map((s) => s.id),
    );
    const firstMedia = new Map<string, string>();
    for (const link of links) if (!firstMedia.has(link.ownerId)) firstMedia.set(link.ownerId, link.memberId);
    const media = firstMedia.size
      ? await this.catalog.findMediaObjects(storeId, [...new Set(firstMedia.values())].filter(isUuid))
      : [];
    const urlOf = new Map(media.map((m) => [m.id, typeof m.data.url === 'string' ? m.data.url : null]));
    const current = await this.currentPrices(
      storeId,
      skus.map((s) => s.id),
    );
    return skus.map((s) => ({
      id: s.id,
      name: s.name,
      code: s.code,
      status: s.status,
      price: moneyOf(current.get(s.id)?.price),
      compareAtPrice: moneyOf(current.get(s.id)?.compare_at_price),
      taxable: s.data.taxable !== false,
      mediaUrl: urlOf.get(firstMedia.get(s.id) ?? '') ?? null,
      unitOfMeasure: typeof s.data.unitOfMeasure === 'string' ? s.data.unitOfMeasure : null,
    }));
  }

  /** Each SKU's current price and compare-at price, by id. */
  private async currentPrices(
    storeId: string,
    skuIds: readonly string[],
  ): Promise<Map<string, SkuCurrentPriceRow>> {
    const rows = await this.catalog.findCurrentPrices(storeId, skuIds);
    return new Map(rows.map((r) => [r.id, r]));
  }
}
