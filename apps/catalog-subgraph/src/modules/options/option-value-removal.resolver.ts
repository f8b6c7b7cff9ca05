import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_KIND, OPTION_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationRemoveOptionValuesFromListOptionInput } from './option-value.input';
import { ListOption } from './option.model';

/**
 * `removeOptionValuesFromListOption(id, input)`: removes OptionValue records of the Option in one
 * transaction (each archived
 * and unlinked, as a removal does); returns the Option.
 */
@Resolver(() => ListOption)
export class OptionValueRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => ListOption, {
    name: 'removeOptionValuesFromListOption',
    nullable: true,
    description: 'Removes OptionValue records of the Option (archived, unlinked); returns the Option.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOptionValuesFromListOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveOptionValuesFromListOptionInput) input: { optionValueIds: string[] },
  ): Promise<ListOption> {
    const row = await this.records.removeChildren(storeId, OPTION_VALUE_KIND, id, input.optionValueIds);
    return toRecordModel(ListOption, OPTION_KIND, row);
  }
}
