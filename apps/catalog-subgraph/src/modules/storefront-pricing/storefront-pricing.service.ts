import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@platform/graphql-subgraph';
import { DataSource, In } from 'typeorm';
import { CatalogLinkEntity } from '../records/catalog-link.entity';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
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
    const basePrices = await this.basePriceRecords(
      storeId,
      skus.map((s) => s.id),
    );
    return skus.map((s) => ({
      id: s.id,
      name: s.name,
      code: s.code,
      status: s.status,
      price: moneyOf(basePrices.get(s.id)?.data.amount) ?? moneyOf(s.data.price),
      compareAtPrice: moneyOf(basePrices.get(s.id)?.data.compareAtValue) ?? moneyOf(s.data.compareAtPrice),
      taxable: s.data.taxable !== false,
      mediaUrl: urlOf.get(firstMedia.get(s.id) ?? '') ?? null,
      unitOfMeasure: typeof s.data.unitOfMeasure === 'string' ? s.data.unitOfMeasure : null,
    }));
  }

  /**
   * Each SKU's base price record: its oldest ACTIVE `SKUPrice` (what the public storefront graph
   * shows as `SKU.prices`) that applies to every channel and quantity (no channelId, minQuantity
   * unset or 1). A cart line is priced from it, else from the SKU's own `price`; channel- and
   * quantity-specific records are not applied to carts (docs/graphql.md, "Order storefront").
   */
  private async basePriceRecords(
    storeId: string,
    skuIds: readonly string[],
  ): Promise<Map<string, CatalogRecordEntity>> {
    const records = await this.dataSource
      .getRepository(CatalogRecordEntity)
      .createQueryBuilder('p')
      .where('p.storeId = :storeId AND p.kind = :kind AND p.status = :status', {
        storeId,
        kind: 'SKU_PRICE',
        status: 'ACTIVE',
      })
      .andWhere('p.parentId IN (:...skuIds)', { skuIds })
      .andWhere("p.data->>'channelId' IS NULL AND coalesce((p.data->>'minQuantity')::int, 1) <= 1")
      .orderBy('p.createdAt', 'ASC')
      .addOrderBy('p.id', 'ASC')
      .getMany();
    const first = new Map<string, CatalogRecordEntity>();
    for (const record of records)
      if (record.parentId && !first.has(record.parentId)) first.set(record.parentId, record);
    return first;
  }
}
