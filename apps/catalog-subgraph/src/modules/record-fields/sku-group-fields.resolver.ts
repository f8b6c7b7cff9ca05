import { Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { AttributeListArgs } from '../attributes/attribute.input';
import { Attribute } from '../attributes/attribute.model';
import { SKUGroupListsArgs } from '../lists/list.input';
import { List } from '../lists/list.model';
import { MediaObjectListArgs } from '../media-objects/media-object.input';
import { MediaObject } from '../media-objects/media-object.model';
import { OptionListArgs } from '../options/option.input';
import { ListOption } from '../options/option.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { PriceRange } from '../records/price-range.model';
import {
  ATTRIBUTE_KIND,
  LIST_KIND,
  MEDIA_OBJECT_KIND,
  OPTION_KIND,
  SKU_KIND,
  relationOf,
} from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUGroup } from '../sku-groups/sku-group.model';
import { SKUListArgs } from '../skus/sku.input';
import { SKU } from '../skus/sku.model';
import {
  SKUGroupAttributesConnection,
  SKUGroupListsConnection,
  SKUGroupMediaObjectsConnection,
  SKUGroupMetafieldsConnection,
  SKUGroupOptionsConnection,
  SKUGroupReferencesConnection,
  SKUGroupSkusConnection,
  SKUGroupSKUsConnection,
} from './record-connections.model';
import {
  channelIds,
  groupPricing,
  memberConnection,
  noMetafields,
  referencesConnection,
} from './record-field-loaders';
import { MetafieldsArgs, PricingArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of SKUGroup beyond its columns: `skus`, `SKUs`, `attributes`, `options`,
 * `mediaObjects`, `channelIds`, `lists`, `metafields`, `references`, `priceRange`. Each is batched
 * per request.
 */
@Resolver(() => SKUGroup)
export class SkuGroupFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('skus', () => SKUGroupSkusConnection, {
    nullable: true,
    description:
      'Its SKU members (archived ones left out unless status says), in the order they were added by default.',
  })
  skus(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUListArgs) args: SKUListArgs,
  ): Promise<ConnectionShape<SKU>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU_GROUP:SKU'), member: SKU_KIND },
      skuGroup.id,
      args,
      (row) => toRecordModel(SKU, SKU_KIND, row),
    );
  }

  @ResolveField('SKUs', () => SKUGroupSKUsConnection, {
    nullable: true,
    description:
      'Its SKU members (archived ones left out unless status says), in the order they were added by default.',
    deprecationReason: 'Use skus instead.',
  })
  SKUs(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUListArgs) args: SKUListArgs,
  ): Promise<ConnectionShape<SKU>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU_GROUP:SKU'), member: SKU_KIND },
      skuGroup.id,
      args,
      (row) => toRecordModel(SKU, SKU_KIND, row),
    );
  }

  @ResolveField('attributes', () => SKUGroupAttributesConnection, {
    nullable: true,
    description:
      'Its Attribute members (archived ones left out unless status says), in the order they were added by default.',
  })
  attributes(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(AttributeListArgs) args: AttributeListArgs,
  ): Promise<ConnectionShape<Attribute>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU_GROUP:ATTRIBUTE'), member: ATTRIBUTE_KIND },
      skuGroup.id,
      args,
      (row) => toRecordModel(Attribute, ATTRIBUTE_KIND, row),
    );
  }

  @ResolveField('options', () => SKUGroupOptionsConnection, {
    nullable: true,
    description:
      'Its Option members (archived ones left out unless status says), in the order they were added by default.',
  })
  options(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(OptionListArgs) args: OptionListArgs,
  ): Promise<ConnectionShape<ListOption>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU_GROUP:OPTION'), member: OPTION_KIND },
      skuGroup.id,
      args,
      (row) => toRecordModel(ListOption, OPTION_KIND, row),
    );
  }

  @ResolveField('mediaObjects', () => SKUGroupMediaObjectsConnection, {
    nullable: true,
    description:
      'Its MediaObject members (archived ones left out unless status says), in the order they were added by default.',
  })
  mediaObjects(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(MediaObjectListArgs) args: MediaObjectListArgs,
  ): Promise<ConnectionShape<MediaObject>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU_GROUP:MEDIA_OBJECT'), member: MEDIA_OBJECT_KIND },
      skuGroup.id,
      args,
      (row) => toRecordModel(MediaObject, MEDIA_OBJECT_KIND, row),
    );
  }

  @ResolveField('channelIds', () => [String], {
    description: 'Ids of the commerce channels it is assigned to.',
  })
  channelIds(@Parent() skuGroup: SKUGroup, @SubgraphCtx() context: SubgraphContext): Promise<string[]> {
    return channelIds(this.pages, context, 'SKU_GROUP:CHANNEL', skuGroup.id);
  }

  @ResolveField('lists', () => SKUGroupListsConnection, {
    nullable: true,
    description:
      'Its List members (archived ones left out unless status says), in the order they were added by default.',
  })
  lists(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUGroupListsArgs) args: SKUGroupListsArgs,
  ): Promise<ConnectionShape<List>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU_GROUP:LIST'), member: LIST_KIND },
      skuGroup.id,
      args,
      (row) => toRecordModel(List, LIST_KIND, row),
    );
  }

  @ResolveField('metafields', () => SKUGroupMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => SKUGroupReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, skuGroup.id, args);
  }

  @ResolveField('priceRange', () => PriceRange, {
    nullable: true,
    description: 'The lowest and highest `price` of its SKUs of `status`, in minor units (null without any).',
  })
  async priceRange(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(PricingArgs) args: PricingArgs,
  ): Promise<PriceRange> {
    const p = await groupPricing(this.pages, context, skuGroup.id, args);
    return { min: p.minPrice, max: p.maxPrice };
  }

  @ResolveField('compareAtPriceRange', () => PriceRange, {
    nullable: true,
    description: 'The lowest and highest `compareAtPrice` of its SKUs of `status`, in minor units.',
  })
  async compareAtPriceRange(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(PricingArgs) args: PricingArgs,
  ): Promise<PriceRange> {
    const p = await groupPricing(this.pages, context, skuGroup.id, args);
    return { min: p.minCompareAtPrice, max: p.maxCompareAtPrice };
  }

  @ResolveField('skuCount', () => Int, {
    nullable: true,
    description: 'How many of its SKUs have a status of `status`.',
  })
  async skuCount(
    @Parent() skuGroup: SKUGroup,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(PricingArgs) args: PricingArgs,
  ): Promise<number> {
    return (await groupPricing(this.pages, context, skuGroup.id, args)).skuCount;
  }
}
