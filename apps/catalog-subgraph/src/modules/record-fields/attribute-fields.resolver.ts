import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { AttributeValueListArgs } from '../attributes/attribute-value.input';
import { AttributeValue } from '../attributes/attribute-value.model';
import { Attribute } from '../attributes/attribute.model';
import { MediaObjectListArgs } from '../media-objects/media-object.input';
import { MediaObject } from '../media-objects/media-object.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { ATTRIBUTE_VALUE_KIND, MEDIA_OBJECT_KIND, SKU_GROUP_KIND, relationOf } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUGroup } from '../sku-groups/sku-group.model';
import {
  AttributeMediaObjectsConnection,
  AttributeMetafieldsConnection,
  AttributeReferencesConnection,
  AttributeValuesConnection,
} from './record-connections.model';
import { firstOwner, memberConnection, noMetafields, referencesConnection } from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of Attribute beyond its columns: `skuGroup`, `SKUGroup`, `mediaObjects`, `metafields`,
 * `references`, `values`. Each is batched per request.
 */
@Resolver(() => Attribute)
export class AttributeFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('skuGroup', () => SKUGroup, {
    nullable: true,
    description: 'The SKUGroup it was first added to (archived ones left out).',
  })
  async skuGroup(
    @Parent() attribute: Attribute,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<SKUGroup | null> {
    const row = await firstOwner(this.pages, context, relationOf('SKU_GROUP:ATTRIBUTE'), attribute.id);
    return row ? toRecordModel(SKUGroup, SKU_GROUP_KIND, row) : null;
  }

  @ResolveField('SKUGroup', () => SKUGroup, {
    nullable: true,
    description: 'The SKUGroup it was first added to (archived ones left out).',
    deprecationReason: 'Use skuGroup instead.',
  })
  async SKUGroup(
    @Parent() attribute: Attribute,
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<SKUGroup | null> {
    const row = await firstOwner(this.pages, context, relationOf('SKU_GROUP:ATTRIBUTE'), attribute.id);
    return row ? toRecordModel(SKUGroup, SKU_GROUP_KIND, row) : null;
  }

  @ResolveField('mediaObjects', () => AttributeMediaObjectsConnection, {
    nullable: true,
    description:
      'Its MediaObject members (archived ones left out unless status says), in the order they were added by default.',
  })
  mediaObjects(
    @Parent() attribute: Attribute,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(MediaObjectListArgs) args: MediaObjectListArgs,
  ): Promise<ConnectionShape<MediaObject>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('ATTRIBUTE:MEDIA_OBJECT'), member: MEDIA_OBJECT_KIND },
      attribute.id,
      args,
      (row) => toRecordModel(MediaObject, MEDIA_OBJECT_KIND, row),
    );
  }

  @ResolveField('metafields', () => AttributeMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => AttributeReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() attribute: Attribute,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, attribute.id, args);
  }

  @ResolveField('values', () => AttributeValuesConnection, {
    nullable: true,
    description:
      'Its AttributeValue records (archived ones left out unless status says), oldest first by default.',
  })
  values(
    @Parent() attribute: Attribute,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(AttributeValueListArgs) args: AttributeValueListArgs,
  ): Promise<ConnectionShape<AttributeValue>> {
    return memberConnection(
      this.pages,
      context,
      { children: ATTRIBUTE_VALUE_KIND },
      attribute.id,
      args,
      (row) => toRecordModel(AttributeValue, ATTRIBUTE_VALUE_KIND, row),
    );
  }
}
