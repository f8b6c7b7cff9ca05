import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationAddReferencesToOptionInput, MutationRemoveReferencesFromOptionInput } from './option.input';
import { ListOption } from './option.model';

/**
 * `addReferencesToOption(id, input)` and `removeReferencesFromOption(id, input)`: an Option's
 * external references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => ListOption)
export class OptionReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => ListOption, { name: 'addReferencesToOption', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToOptionInput) input: SetReferences,
  ): Promise<ListOption> {
    const row = await this.references.upsert(storeId, OPTION_KIND.kind, id, input.references);
    return toRecordModel(ListOption, OPTION_KIND, row);
  }

  @Mutation(() => ListOption, { name: 'removeReferencesFromOption', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromOptionInput) input: RemoveReferences,
  ): Promise<ListOption> {
    const row = await this.references.delete(storeId, OPTION_KIND.kind, id, input.names);
    return toRecordModel(ListOption, OPTION_KIND, row);
  }
}
