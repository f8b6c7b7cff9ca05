import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@platform/graphql-subgraph';
import { DataSource, In } from 'typeorm';
import { CatalogLinkEntity } from '../records/catalog-link.entity';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
import { skuCurrentMoneySql } from '../records/sku-current-price';
import type { CatalogSkuPrice } from '@platform/contracts';

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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async prices(storeId: string, skuIds: readonly string[]): Promise<CatalogSkuPrice[]> {
    const ids = [...new Set(skuIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
    if (ids.length === 0) return [];
    const skus = await this.dataSource
      .getRepository(CatalogRecordEntity)
      .find({ where: { storeId, kind: 'SKU', id: In(ids) } });
    if (skus.length === 0) return [];
    const links = await this.dataSource.getRepository(CatalogLinkEntity).find({
      where: { storeId, relation: 'SKU:MEDIA_OBJECT', ownerId: In(skus.map((s) => s.id)) },
      order: { position: 'ASC' },
    });
    const firstMedia = new Map<string, string>();
    for (const link of links) if (!firstMedia.has(link.ownerId)) firstMedia.set(link.ownerId, link.memberId);
    const media = firstMedia.size
      ? await this.dataSource.getRepository(CatalogRecordEntity).find({
          where: { storeId, kind: 'MEDIA_OBJECT', id: In([...new Set(firstMedia.values())].filter(isUuid)) },
        })
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

  /** Each SKU's current price and compare-at price (sku-current-price.ts: one rule for the catalog). */
  private async currentPrices(
    storeId: string,
    skuIds: readonly string[],
  ): Promise<Map<string, { price: unknown; compare_at_price: unknown }>> {
    const rows = (await this.dataSource.query(
      `SELECT s.id::text AS id, ${skuCurrentMoneySql('s', 'price')} AS price,
              ${skuCurrentMoneySql('s', 'compareAtPrice')} AS compare_at_price
         FROM "catalog"."records" s
        WHERE s.store_id = $1 AND s.kind = 'SKU' AND s.id = ANY($2::uuid[])`,
      [storeId, skuIds],
    )) as { id: string; price: unknown; compare_at_price: unknown }[];
    return new Map(rows.map((r) => [r.id, r]));
  }
}
