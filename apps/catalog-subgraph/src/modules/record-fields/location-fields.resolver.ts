import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { ArgsOf, SubgraphCtx } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { Location } from '../locations/location.model';
import type { CatalogReference } from '../records/catalog-reference.model';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import { SKU_KIND, relationOf } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUListArgs } from '../skus/sku.input';
import { SKU } from '../skus/sku.model';
import {
  LocationMetafieldsConnection,
  LocationReferencesConnection,
  LocationSkusConnection,
} from './record-connections.model';
import { channelIds, memberConnection, noMetafields, referencesConnection } from './record-field-loaders';
import { MetafieldsArgs, ReferencesArgs } from './record-fields.input';

/**
 * The fields of Location beyond its columns: `channelIds`, `skus`, `metafields`, `references`. Each
 * is batched per request.
 */
@Resolver(() => Location)
export class LocationFieldsResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @ResolveField('channelIds', () => [String], {
    description: 'Ids of the commerce channels it is assigned to.',
  })
  channelIds(@Parent() location: Location, @SubgraphCtx() context: SubgraphContext): Promise<string[]> {
    return channelIds(this.pages, context, 'LOCATION:CHANNEL', location.id);
  }

  @ResolveField('skus', () => LocationSkusConnection, {
    nullable: true,
    description:
      'Its SKU members (archived ones left out unless status says), in the order they were added by default.',
  })
  skus(
    @Parent() location: Location,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SKUListArgs) args: SKUListArgs,
  ): Promise<ConnectionShape<SKU>> {
    return memberConnection(
      this.pages,
      context,
      { relation: relationOf('LOCATION:SKU'), member: SKU_KIND },
      location.id,
      args,
      (row) => toRecordModel(SKU, SKU_KIND, row),
    );
  }

  @ResolveField('metafields', () => LocationMetafieldsConnection, {
    nullable: true,
    description: 'Custom namespaced fields: the catalog stores none, so it is always empty.',
  })
  metafields(@ArgsOf(MetafieldsArgs) args: MetafieldsArgs): ConnectionShape<Metafield> {
    return noMetafields(args);
  }

  @ResolveField('references', () => LocationReferencesConnection, {
    nullable: true,
    description: 'Its external references (an origin and the id there), by origin.',
  })
  references(
    @Parent() location: Location,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(ReferencesArgs) args: ReferencesArgs,
  ): Promise<ConnectionShape<CatalogReference>> {
    return referencesConnection(this.pages, context, location.id, args);
  }
}
