import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { PlatformProductEntity } from './platform-product.entity';
import type { PlatformCatalogStatus, PlatformProductKind } from './platform-product.entity';
import { PlatformVariantEntity } from './platform-variant.entity';

/** What a search of the catalog's rows asks for (every given filter applies). */
export interface ProductSearch {
  /** Words, each a prefix, all in the product's title, handle or description. */
  readonly words: readonly string[];
  /** The product kinds, any of them; undefined for every kind. */
  readonly kinds?: readonly PlatformProductKind[];
  /** Products with an id after this one. */
  readonly after?: string;
  /** A price range (minor units) one of the product's ACTIVE rows must be in. */
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly limit: number;
}

/** A new price row (id and position chosen by the caller). */
export type NewVariantRow = Pick<
  PlatformVariantEntity,
  'id' | 'productId' | 'title' | 'amount' | 'currency' | 'attributes' | 'position' | 'status'
>;

/**
 * Storage of the platform's own catalog (`shopping.platform_products`, `shopping.platform_variants`)
 * as its searches, lookups and pricing and its admin see it. `transaction(work)` runs `work` with a
 * copy bound to one transaction.
 */
@Injectable()
export class PlatformCatalogRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: PlatformCatalogRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new PlatformCatalogRepository(manager)));
  }

  // ---- reads of the sold catalog ----

  /** The currency of most ACTIVE rows (ties by name); undefined for a catalog without one. */
  async findCatalogCurrency(): Promise<string | undefined> {
    const rows: { currency: string }[] = await this.manager.query(
      `SELECT currency FROM "shopping"."platform_variants" WHERE status = 'ACTIVE'
       GROUP BY currency ORDER BY count(*) DESC, currency LIMIT 1`,
    );
    return rows[0]?.currency;
  }

  /** The currencies of the ACTIVE rows (other than the row `exceptVariantId`), the most used first. */
  async findActiveCurrencies(exceptVariantId?: string): Promise<string[]> {
    const rows: { currency: string }[] = await this.manager.query(
      `SELECT currency FROM "shopping"."platform_variants" WHERE status = 'ACTIVE' AND id <> $1
       GROUP BY currency ORDER BY count(*) DESC, currency`,
      [exceptVariantId ?? ''],
    );
    return rows.map((r) => r.currency);
  }

  /** Up to `limit` ACTIVE products with an ACTIVE row (in the price range), by id, matching `search`. */
  searchProducts(search: ProductSearch): Promise<PlatformProductEntity[]> {
    const { words, kinds, after, priceMin, priceMax, limit } = search;
    const priceSql = [
      priceMin !== undefined ? 'AND v.amount >= :priceMin' : '',
      priceMax !== undefined ? 'AND v.amount <= :priceMax' : '',
    ].join(' ');
    const query = this.manager
      .getRepository(PlatformProductEntity)
      .createQueryBuilder('p')
      .where(`p.status = 'ACTIVE'`)
      .andWhere(
        `EXISTS (SELECT 1 FROM "shopping"."platform_variants" v WHERE v.product_id = p.id AND v.status = 'ACTIVE' ${priceSql})`,
        { priceMin, priceMax },
      )
      .orderBy('p.id', 'ASC')
      .limit(limit);
    if (words.length > 0)
      // The expression of the GIN index platform_products_search_idx.
      query.andWhere(
        `to_tsvector('simple', p.title || ' ' || p.handle || ' ' || p.description) @@ to_tsquery('simple', :tsquery)`,
        { tsquery: words.map((w) => `${w}:*`).join(' & ') },
      );
    if (kinds) query.andWhere('p.kind IN (:...kinds)', { kinds });
    if (after !== undefined) query.andWhere('p.id > :after', { after });
    return query.getMany();
  }

  /** The ACTIVE rows of these TLDs of an ACTIVE DOMAIN_REGISTRATION product, with their product. */
  findActiveTldRows(tlds: readonly string[]): Promise<PlatformVariantEntity[]> {
    return (
      this.manager
        .getRepository(PlatformVariantEntity)
        .createQueryBuilder('v')
        .innerJoinAndSelect('v.product', 'p')
        // The expression of the unique index platform_variants_active_tld_key.
        .where(`(v.attributes ->> 'tld') IN (:...tlds)`, { tlds })
        .andWhere(`v.status = 'ACTIVE'`)
        .andWhere(`p.status = 'ACTIVE'`)
        .andWhere(`p.kind = 'DOMAIN_REGISTRATION'`)
        .getMany()
    );
  }

  /** The products of these ids, whatever their status. */
  findProducts(ids: readonly string[]): Promise<PlatformProductEntity[]> {
    return this.manager.getRepository(PlatformProductEntity).findBy({ id: In([...ids]) });
  }

  /** The rows of these ids, whatever their status, with their product. */
  findVariantsWithProduct(ids: readonly string[]): Promise<PlatformVariantEntity[]> {
    return this.manager
      .getRepository(PlatformVariantEntity)
      .find({ where: { id: In([...ids]) }, relations: { product: true } });
  }

  /** The row, whatever its status, with its product. */
  findVariantWithProduct(id: string): Promise<PlatformVariantEntity | null> {
    return this.manager
      .getRepository(PlatformVariantEntity)
      .findOne({ where: { id }, relations: { product: true } });
  }

  /** The ACTIVE rows of these products, by product and position. */
  findActiveVariantsOf(productIds: readonly string[]): Promise<PlatformVariantEntity[]> {
    return this.manager.getRepository(PlatformVariantEntity).find({
      where: { productId: In([...productIds]), status: 'ACTIVE' },
      order: { productId: 'ASC', position: 'ASC' },
    });
  }

  // ---- the admin's ----

  /** Every product, by id. */
  findAllProducts(): Promise<PlatformProductEntity[]> {
    return this.manager.getRepository(PlatformProductEntity).find({ order: { id: 'ASC' } });
  }

  /** Every row, archived ones too, by product and position. */
  findAllVariants(): Promise<PlatformVariantEntity[]> {
    return this.manager
      .getRepository(PlatformVariantEntity)
      .find({ order: { productId: 'ASC', position: 'ASC' } });
  }

  findProduct(id: string): Promise<PlatformProductEntity | null> {
    return this.manager.getRepository(PlatformProductEntity).findOneBy({ id });
  }

  findVariant(id: string): Promise<PlatformVariantEntity | null> {
    return this.manager.getRepository(PlatformVariantEntity).findOneBy({ id });
  }

  /** The product, its row locked until the transaction ends. */
  findProductForUpdate(id: string): Promise<PlatformProductEntity | null> {
    return this.manager
      .getRepository(PlatformProductEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The row, locked until the transaction ends. */
  findVariantForUpdate(id: string): Promise<PlatformVariantEntity | null> {
    return this.manager
      .getRepository(PlatformVariantEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The ACTIVE row of the TLD, whatever its product. */
  findActiveTldRow(tld: string): Promise<PlatformVariantEntity | null> {
    return this.manager
      .getRepository(PlatformVariantEntity)
      .createQueryBuilder('v')
      .where(`(v.attributes ->> 'tld') = :tld`, { tld })
      .andWhere(`v.status = 'ACTIVE'`)
      .getOne();
  }

  /** The product's row of the highest position, archived or not. */
  findLastVariantOf(productId: string): Promise<PlatformVariantEntity | null> {
    return this.manager.getRepository(PlatformVariantEntity).findOne({
      where: { productId },
      order: { position: 'DESC' },
    });
  }

  variantExists(id: string): Promise<boolean> {
    return this.manager.getRepository(PlatformVariantEntity).existsBy({ id });
  }

  /** The row written (a taken ACTIVE TLD throws the unique index's 23505); as stored. */
  insertVariant(row: NewVariantRow): Promise<PlatformVariantEntity> {
    const variants = this.manager.getRepository(PlatformVariantEntity);
    return variants.save(variants.create(row));
  }

  /** Writes the row as changed; as stored. */
  saveVariant(row: PlatformVariantEntity): Promise<PlatformVariantEntity> {
    return this.manager.getRepository(PlatformVariantEntity).save(row);
  }

  async setProductStatus(id: string, status: PlatformCatalogStatus): Promise<void> {
    await this.manager.getRepository(PlatformProductEntity).update({ id }, { status });
  }

  async setVariantStatus(id: string, status: PlatformCatalogStatus): Promise<void> {
    await this.manager.getRepository(PlatformVariantEntity).update({ id }, { status });
  }
}
