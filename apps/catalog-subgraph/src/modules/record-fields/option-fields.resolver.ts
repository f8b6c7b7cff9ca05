import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { MediaObjectListArgs } from '../media-objects/media-object.input';
import { MediaObject } from '../media-objects/media-object.model';
import { OptionPriceListArgs } from '../options/option-price.input';
import { OptionPrice } from '../options/option-price.model';
import { OptionValueListArgs } from '../options/option-value.input';
import { OptionValue } from '../options/option-value.model';
import { ListOption } from '../options/option.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { PriceRange } from '../records/price-range.model';
import { MEDIA_OBJECT_KIND, OPTION_PRICE_KIND, OPTION_VALUE_KIND, relationOf } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  ListOptionMetafieldsConnection,
  ListOptionReferencesConnection,
  OptionMediaObjectsConnection,
  OptionPricesConnection,
  OptionValuesConnection,
} from './record-connections.model';
import {
  firstOwner,
  memberConnection,
  noMetafields,
  optionPricing,
  referencesConnection,
} from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of ListOption beyond its columns: `skuGroupId`, `mediaObjects`, `metafields`,
 * `references`, `values`, `prices`, `priceRange`. Each is batched per request.
 */
@Resolver(() => ListOption)
export class OptionFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('skuGroupId', () => String, {
    nullable: true,
    description: 'The id of the SKUGroup it was first added to (archived ones left out).',
  })
  async skuGroupId(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<string | null> {
    const row = await firstOwner(this.pages, context, relationOf('SKU_GROUP:OPTION'), option.id);
    return row?.id ?? null;
  }

  @ResolveField('mediaObjects', () => OptionMediaObjectsConnection, {
    nullable: true,
    description:
      'Its MediaObject members (archived ones left out unless status says), in the order they were added by default.',
  })
  mediaObjects(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(MediaObjectListArgs) args: MediaObjectListArgs,
  ): Promise<ConnectionShape<MediaObject>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('OPTION:MEDIA_OBJECT'), member: MEDIA_OBJECT_KIND },
      option.id,
      args,
      (row) => toRecordModel(MediaObject, MEDIA_OBJECT_KIND, row),
    );
  }

  @ResolveField('metafields', () => ListOptionMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => ListOptionReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, option.id, args);
  }

  @ResolveField('values', () => OptionValuesConnection, {
    nullable: true,
    description:
      'Its OptionValue records (archived ones left out unless status says), oldest first by default.',
  })
  values(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(OptionValueListArgs) args: OptionValueListArgs,
  ): Promise<ConnectionShape<OptionValue>> {
    return memberConnection(this.pages, context, { children: OPTION_VALUE_KIND }, option.id, args, (row) =>
      toRecordModel(OptionValue, OPTION_VALUE_KIND, row),
    );
  }

  @ResolveField('prices', () => OptionPricesConnection, {
    nullable: true,
    description:
      'Its OptionPrice records (archived ones left out unless status says), oldest first by default.',
  })
  prices(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(OptionPriceListArgs) args: OptionPriceListArgs,
  ): Promise<ConnectionShape<OptionPrice>> {
    return memberConnection(this.pages, context, { children: OPTION_PRICE_KIND }, option.id, args, (row) =>
      toRecordModel(OptionPrice, OPTION_PRICE_KIND, row),
    );
  }

  @ResolveField('priceRange', () => PriceRange, {
    nullable: true,
    description: 'The lowest and highest amount of its prices and its values’ prices, in minor units.',
  })
  async priceRange(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<PriceRange> {
    const p = await optionPricing(this.pages, context, option.id);
    return { min: p?.minPrice ?? null, max: p?.maxPrice ?? null };
  }

  @ResolveField('compareAtPriceRange', () => PriceRange, {
    nullable: true,
    description:
      'The lowest and highest compareAtValue of its prices and its values’ prices, in minor units.',
  })
  async compareAtPriceRange(
    @Parent() option: ListOption,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<PriceRange> {
    const p = await optionPricing(this.pages, context, option.id);
    return { min: p?.minCompareAtPrice ?? null, max: p?.maxCompareAtPrice ?? null };
  }
}
