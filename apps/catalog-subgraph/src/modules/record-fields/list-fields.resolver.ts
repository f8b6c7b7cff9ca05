import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { List } from '../lists/list.model';
import { MediaObjectListArgs } from '../media-objects/media-object.input';
import { MediaObject } from '../media-objects/media-object.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { MEDIA_OBJECT_KIND, SKU_GROUP_KIND, SKU_KIND, relationOf } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUGroupListArgs } from '../sku-groups/sku-group.input';
import { SKUGroup } from '../sku-groups/sku-group.model';
import { SKUListArgs } from '../skus/sku.input';
import { SKU } from '../skus/sku.model';
import {
  ListMediaObjectsConnection,
  ListMetafieldsConnection,
  ListReferencesConnection,
  ListSkuGroupsConnection,
  ListSKUGroupsConnection,
  ListSkusConnection,
} from './record-connections.model';
import { channelIds, memberConnection, noMetafields, referencesConnection } from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of List beyond its columns: `skus`, `skuGroups`, `SKUGroups`, `mediaObjects`,
 * `channelIds`, `metafields`, `references`. Each is batched per request.
 */
@Resolver(() => List)
export class ListFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('skus', () => ListSkusConnection, {
    nullable: true,
    description:
      'Its SKU members (archived ones left out unless status says), in the order they were added by default.',
  })
  skus(
    @Parent() list: List,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUListArgs) args: SKUListArgs,
  ): Promise<ConnectionShape<SKU>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST:SKU'), member: SKU_KIND },
      list.id,
      args,
      (row) => toRecordModel(SKU, SKU_KIND, row),
    );
  }

  @ResolveField('skuGroups', () => ListSkuGroupsConnection, {
    nullable: true,
    description:
      'Its SKUGroup members (archived ones left out unless status says), in the order they were added by default.',
  })
  skuGroups(
    @Parent() list: List,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUGroupListArgs) args: SKUGroupListArgs,
  ): Promise<ConnectionShape<SKUGroup>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST:SKU_GROUP'), member: SKU_GROUP_KIND },
      list.id,
      args,
      (row) => toRecordModel(SKUGroup, SKU_GROUP_KIND, row),
    );
  }

  @ResolveField('SKUGroups', () => ListSKUGroupsConnection, {
    nullable: true,
    description:
      'Its SKUGroup members (archived ones left out unless status says), in the order they were added by default.',
    deprecationReason: 'Use skuGroups instead.',
  })
  SKUGroups(
    @Parent() list: List,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUGroupListArgs) args: SKUGroupListArgs,
  ): Promise<ConnectionShape<SKUGroup>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST:SKU_GROUP'), member: SKU_GROUP_KIND },
      list.id,
      args,
      (row) => toRecordModel(SKUGroup, SKU_GROUP_KIND, row),
    );
  }

  @ResolveField('mediaObjects', () => ListMediaObjectsConnection, {
    nullable: true,
    description:
      'Its MediaObject members (archived ones left out unless status says), in the order they were added by default.',
  })
  mediaObjects(
    @Parent() list: List,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(MediaObjectListArgs) args: MediaObjectListArgs,
  ): Promise<ConnectionShape<MediaObject>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LIST:MEDIA_OBJECT'), member: MEDIA_OBJECT_KIND },
      list.id,
      args,
      (row) => toRecordModel(MediaObject, MEDIA_OBJECT_KIND, row),
    );
  }

  @ResolveField('channelIds', () => [String], {
    description: 'Ids of the commerce channels it is assigned to.',
  })
  channelIds(@Parent() list: List, @SubgraphCtx() context: SubgraphContext): Promise<string[]> {
    return channelIds(this.pages, context, 'LIST:CHANNEL', list.id);
  }

  @ResolveField('metafields', () => ListMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => ListReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() list: List,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, list.id, args);
  }
}
