import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { LOCATION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { LocationListArgs, MutationCreateLocationInput, MutationUpdateLocationInput } from './location.input';
import { Location, QueryLocationsConnection } from './location.model';

/**
 * Location records: `location(id)`, `locations(…)`, `createLocation`, `updateLocation`, `archiveLocation`.
 */
@Resolver(() => Location)
export class LocationResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => Location, { name: 'location', nullable: true, description: 'One Location of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async location(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<Location> {
    return toRecordModel(Location, LOCATION_KIND, await this.records.get(storeId, LOCATION_KIND.kind, id));
  }

  @Query(() => QueryLocationsConnection, {
    name: 'locations',
    nullable: true,
    description: "The store's Location records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async locations(
    @StoreId() storeId: string,
    @ArgsOf(LocationListArgs) args: LocationListArgs,
  ): Promise<ConnectionShape<Location>> {
    return toCountedConnection(await this.records.list(storeId, LOCATION_KIND, args ?? {}), (row) =>
      toRecordModel(Location, LOCATION_KIND, row),
    );
  }

  @Mutation(() => Location, { name: 'createLocation', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createLocation(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateLocationInput) input: MutationCreateLocationInput,
  ): Promise<Location> {
    return toRecordModel(Location, LOCATION_KIND, await this.records.create(storeId, LOCATION_KIND, input));
  }

  @Mutation(() => Location, { name: 'updateLocation', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateLocationInput) input: MutationUpdateLocationInput,
  ): Promise<Location> {
    return toRecordModel(
      Location,
      LOCATION_KIND,
      await this.records.update(storeId, LOCATION_KIND, id, input),
    );
  }

  @Mutation(() => Location, {
    name: 'archiveLocation',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<Location> {
    return toRecordModel(Location, LOCATION_KIND, await this.records.archive(storeId, LOCATION_KIND, id));
  }
}
