import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddMediaObjectsToOptionInput,
  MutationRemoveMediaObjectsFromOptionInput,
} from './option.input';
import { ListOption } from './option.model';

/**
 * The members of a Option's relations: add and remove (both idempotent), each
 * returning the Option, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => ListOption)
export class OptionRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => ListOption, {
    name: 'addMediaObjectsToOption',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addMediaObjectsToOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToOptionInput) input: { mediaObjectIds: string[] },
  ): Promise<ListOption> {
    const row = await this.links.add(storeId, id, 'OPTION:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(ListOption, OPTION_KIND, row);
  }

  @Mutation(() => ListOption, {
    name: 'removeMediaObjectsFromOption',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeMediaObjectsFromOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromOptionInput) input: { mediaObjectIds: string[] },
  ): Promise<ListOption> {
    const row = await this.links.remove(storeId, id, 'OPTION:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(ListOption, OPTION_KIND, row);
  }
}
