import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { CatalogLinkEntity } from '../records/catalog-link.entity';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
import { skuCurrentMoneySql } from '../records/sku-current-price';

/** A SKU's current price and compare-at price, as sku-current-price.ts computes them. */
export interface SkuCurrentPriceRow {
  readonly id: string;
  readonly price: unknown;
  readonly compare_at_price: unknown;
}

/**
 * What the order storefront's price route reads of a store's catalog (`catalog.records` and
 * `catalog.links`): SKUs, their media links and media objects, and their current prices.
 */
@Injectable()
export class StorefrontPricingRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The store's SKUs among `ids`. */
  findSkus(storeId: string, ids: readonly string[]): Promise<CatalogRecordEntity[]> {
    return this.manager
      .getRepository(CatalogRecordEntity)
      .find({ where: { storeId, kind: 'SKU', id: In([...ids]) } });
  }

  /** The media links (`SKU:MEDIA_OBJECT`) of the SKUs `skuIds`, by position. */
  findMediaLinks(storeId: string, skuIds: readonly string[]): Promise<CatalogLinkEntity[]> {
    return this.manager.getRepository(CatalogLinkEntity).find({
      where: { storeId, relation: 'SKU:MEDIA_OBJECT', ownerId: In([...skuIds]) },
      order: { position: 'ASC' },
    });
  }

  /** The store's media objects among `ids`. */
  findMediaObjects(storeId: string, ids: readonly string[]): Promise<CatalogRecordEntity[]> {
    return this.manager
      .getRepository(CatalogRecordEntity)
      .find({ where: { storeId, kind: 'MEDIA_OBJECT', id: In([...ids]) } });
  }

  /** Each SKU's current price and compare-at price (sku-current-price.ts: one rule for the catalog). */
  findCurrentPrices(storeId: string, skuIds: readonly string[]): Promise<SkuCurrentPriceRow[]> {
    return this.manager.query(
      `SELECT s.id::text AS id, ${skuCurrentMoneySql('s', 'price')} AS price,
              ${skuCurrentMoneySql('s', 'compareAtPrice')} AS compare_at_price
         FROM "catalog"."records" s
        WHERE s.store_id = $1 AND s.kind = 'SKU' AND s.id = ANY($2::uuid[])`,
      [storeId, skuIds],
    );
  }
}
