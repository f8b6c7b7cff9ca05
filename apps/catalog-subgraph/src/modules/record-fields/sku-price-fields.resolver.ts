import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { SKU_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUPrice } from '../skus/sku-price.model';
import { SKU } from '../skus/sku.model';
import { SKUPriceMetafieldsConnection } from './record-connections.model';
import { loadRecord, noMetafields } from './record-field-loaders';
import { MetafieldsArgs } from './record-fields.input';

/** The fields of SKUPrice beyond its columns: `sku`, `metafields`, `SKU`. Each is batched per request. */
@Resolver(() => SKUPrice)
export class SkuPriceFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('sku', () => SKU, { nullable: true, description: 'The SKU it prices.' })
  async sku(@Parent() skuPrice: SKUPrice, @SubgraphCtx() context: SubgraphContext): Promise<SKU | null> {
    const row = await loadRecord(this.pages, context, SKU_KIND, skuPrice.skuId);
    return row ? toRecordModel(SKU, SKU_KIND, row) : null;
  }

  @ResolveField('metafields', () => SKUPriceMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('SKU', () => SKU, {
    nullable: true,
    description: 'The SKU it prices.',
    deprecationReason: 'Use sku instead.',
  })
  async SKU(@Parent() skuPrice: SKUPrice, @SubgraphCtx() context: SubgraphContext): Promise<SKU | null> {
    const row = await loadRecord(this.pages, context, SKU_KIND, skuPrice.skuId);
    return row ? toRecordModel(SKU, SKU_KIND, row) : null;
  }
}
