import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { AttributeValueListArgs } from '../attributes/attribute-value.input';
import { AttributeValue } from '../attributes/attribute-value.model';
import { AttributeListArgs } from '../attributes/attribute.input';
import { Attribute } from '../attributes/attribute.model';
import { MediaObjectListArgs } from '../media-objects/media-object.input';
import { MediaObject } from '../media-objects/media-object.model';
import { OptionValueListArgs } from '../options/option-value.input';
import { OptionValue } from '../options/option-value.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import {
  ATTRIBUTE_KIND,
  ATTRIBUTE_VALUE_KIND,
  MEDIA_OBJECT_KIND,
  OPTION_VALUE_KIND,
  SKU_GROUP_KIND,
  SKU_PRICE_KIND,
  relationOf,
} from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUGroup } from '../sku-groups/sku-group.model';
import { SKUPriceListArgs } from '../skus/sku-price.input';
import { SKUPrice } from '../skus/sku-price.model';
import { SKU } from '../skus/sku.model';
import {
  SKUAttributesConnection,
  SKUAttributeValuesConnection,
  SKUMediaObjectsConnection,
  SKUMetafieldsConnection,
  SKUOptionValuesConnection,
  SKUPricesConnection,
  SKUReferencesConnection,
} from './record-connections.model';
import {
  channelIds,
  firstOwner,
  memberConnection,
  noMetafields,
  referencesConnection,
} from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of SKU beyond its columns: `attributeValues`, `optionValues`, `mediaObjects`,
 * `channelIds`, `skuGroup`, `SKUGroup`, `metafields`, `references`, `prices`, `attributes`. Each is
 * batched per request.
 */
@Resolver(() => SKU)
export class SkuFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('attributeValues', () => SKUAttributeValuesConnection, {
    nullable: true,
    description:
      'Its AttributeValue members (archived ones left out unless status says), in the order they were added by default.',
  })
  attributeValues(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(AttributeValueListArgs) args: AttributeValueListArgs,
  ): Promise<ConnectionShape<AttributeValue>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU:ATTRIBUTE_VALUE'), member: ATTRIBUTE_VALUE_KIND },
      sku.id,
      args,
      (row) => toRecordModel(AttributeValue, ATTRIBUTE_VALUE_KIND, row),
    );
  }

  @ResolveField('optionValues', () => SKUOptionValuesConnection, {
    nullable: true,
    description:
      'Its OptionValue members (archived ones left out unless status says), in the order they were added by default.',
  })
  optionValues(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(OptionValueListArgs) args: OptionValueListArgs,
  ): Promise<ConnectionShape<OptionValue>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU:OPTION_VALUE'), member: OPTION_VALUE_KIND },
      sku.id,
      args,
      (row) => toRecordModel(OptionValue, OPTION_VALUE_KIND, row),
    );
  }

  @ResolveField('mediaObjects', () => SKUMediaObjectsConnection, {
    nullable: true,
    description:
      'Its MediaObject members (archived ones left out unless status says), in the order they were added by default.',
  })
  mediaObjects(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(MediaObjectListArgs) args: MediaObjectListArgs,
  ): Promise<ConnectionShape<MediaObject>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('SKU:MEDIA_OBJECT'), member: MEDIA_OBJECT_KIND },
      sku.id,
      args,
      (row) => toRecordModel(MediaObject, MEDIA_OBJECT_KIND, row),
    );
  }

  @ResolveField('channelIds', () => [String], {
    description: 'Ids of the commerce channels it is assigned to.',
  })
  channelIds(@Parent() sku: SKU, @SubgraphCtx() context: SubgraphContext): Promise<string[]> {
    return channelIds(this.pages, context, 'SKU:CHANNEL', sku.id);
  }

  @ResolveField('skuGroup', () => SKUGroup, {
    nullable: true,
    description: 'The SKUGroup it was first added to (archived ones left out).',
  })
  async skuGroup(@Parent() sku: SKU, @SubgraphCtx() context: SubgraphContext): Promise<SKUGroup | null> {
    const row = await firstOwner(this.pages, context, relationOf('SKU_GROUP:SKU'), sku.id);
    return row ? toRecordModel(SKUGroup, SKU_GROUP_KIND, row) : null;
  }

  @ResolveField('SKUGroup', () => SKUGroup, {
    nullable: true,
    description: 'The SKUGroup it was first added to (archived ones left out).',
    deprecationReason: 'Use skuGroup instead.',
  })
  async SKUGroup(@Parent() sku: SKU, @SubgraphCtx() context: SubgraphContext): Promise<SKUGroup | null> {
    const row = await firstOwner(this.pages, context, relationOf('SKU_GROUP:SKU'), sku.id);
    return row ? toRecordModel(SKUGroup, SKU_GROUP_KIND, row) : null;
  }

  @ResolveField('metafields', () => SKUMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => SKUReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, sku.id, args);
  }

  @ResolveField('prices', () => SKUPricesConnection, {
    nullable: true,
    description: 'Its SKUPrice records (archived ones left out unless status says), oldest first by default.',
  })
  prices(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUPriceListArgs) args: SKUPriceListArgs,
  ): Promise<ConnectionShape<SKUPrice>> {
    return memberConnection(this.pages, context, { children: SKU_PRICE_KIND }, sku.id, args, (row) =>
      toRecordModel(SKUPrice, SKU_PRICE_KIND, row),
    );
  }

  @ResolveField('attributes', () => SKUAttributesConnection, {
    nullable: true,
    description:
      'Its Attribute records (archived ones left out unless status says), oldest first by default.',
  })
  attributes(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(AttributeListArgs) args: AttributeListArgs,
  ): Promise<ConnectionShape<Attribute>> {
    return memberConnection(
      this.pages,
      context,
      { parentsThrough: relationOf('SKU:ATTRIBUTE_VALUE'), parent: ATTRIBUTE_KIND },
      sku.id,
      args,
      (row) => toRecordModel(Attribute, ATTRIBUTE_KIND, row),
    );
  }
}
