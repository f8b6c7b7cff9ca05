import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LOCATION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddReferencesToLocationInput,
  MutationRemoveReferencesFromLocationInput,
} from './location.input';
import { Location } from './location.model';

/**
 * `addReferencesToLocation(id, input)` and `removeReferencesFromLocation(id, input)`: a Location's
 * external references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => Location)
export class LocationReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => Location, { name: 'addReferencesToLocation', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToLocationInput) input: SetReferences,
  ): Promise<Location> {
    const row = await this.references.upsert(storeId, LOCATION_KIND.kind, id, input.references);
    return toRecordModel(Location, LOCATION_KIND, row);
  }

  @Mutation(() => Location, { name: 'removeReferencesFromLocation', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromLocation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromLocationInput) input: RemoveReferences,
  ): Promise<Location> {
    const row = await this.references.delete(storeId, LOCATION_KIND.kind, id, input.names);
    return toRecordModel(Location, LOCATION_KIND, row);
  }
}
