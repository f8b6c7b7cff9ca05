import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LOCATION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddChannelsToLocationInput,
  MutationAddSkusToLocationInput,
  MutationAddSKUsToLocationInput,
  MutationRemoveChannelsFromLocationInput,
  MutationRemoveSkusFromLocationInput,
  MutationRemoveSKUsFromLocationInput,
} from './location.input';
import { Location } from './location.model';

/**
 * The members of a Location's relations: add and remove (both idempotent), each
 * returning the Location, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => Location)
export class LocationRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => Location, {
    name: 'addChannelsToLocation',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addChannelsToLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddChannelsToLocationInput) input: { channelIds: string[] },
  ): Promise<Location> {
    const row = await this.links.add(storeId, id, 'LOCATION:CHANNEL', input.channelIds);
    return toRecordModel(Location, LOCATION_KIND, row);
  }

  @Mutation(() => Location, {
    name: 'removeChannelsFromLocation',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeChannelsFromLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveChannelsFromLocationInput) input: { channelIds: string[] },
  ): Promise<Location> {
    const row = await this.links.remove(storeId, id, 'LOCATION:CHANNEL', input.channelIds);
    return toRecordModel(Location, LOCATION_KIND, row);
  }

  @Mutation(() => Location, {
    name: 'addSKUsToLocation',
    nullable: true,
    deprecationReason: 'Use `addSkusToLocation` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addSKUsToLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSKUsToLocationInput) input: { skuIds: string[] },
  ): Promise<Location> {
    return this.addSkusToLocation(storeId, id, input);
  }

  @Mutation(() => Location, {
    name: 'removeSKUsFromLocation',
    nullable: true,
    deprecationReason: 'Use `removeSkusFromLocation` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeSKUsFromLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSKUsFromLocationInput) input: { skuIds: string[] },
  ): Promise<Location> {
    return this.removeSkusFromLocation(storeId, id, input);
  }

  @Mutation(() => Location, {
    name: 'addSkusToLocation',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addSkusToLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSkusToLocationInput) input: { skuIds: string[] },
  ): Promise<Location> {
    const row = await this.links.add(storeId, id, 'LOCATION:SKU', input.skuIds);
    return toRecordModel(Location, LOCATION_KIND, row);
  }

  @Mutation(() => Location, {
    name: 'removeSkusFromLocation',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeSkusFromLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSkusFromLocationInput) input: { skuIds: string[] },
  ): Promise<Location> {
    const row = await this.links.remove(storeId, id, 'LOCATION:SKU', input.skuIds);
    return toRecordModel(Location, LOCATION_KIND, row);
  }
}
