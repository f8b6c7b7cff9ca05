import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_KIND, OPTION_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationRemovePricesFromOptionInput } from './option-price.input';
import { ListOption, Option } from './option.model';

/**
 * `removePricesFromOption(id, input)`: removes OptionPrice records of the Option in one transaction
 * (each archived
 * and unlinked, as a removal does); returns the Option.
 */
@Resolver(() => ListOption)
export class OptionPriceRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => Option, {
    name: 'removePricesFromOption',
    nullable: true,
    description: 'Removes OptionPrice records of the Option (archived, unlinked); returns the Option.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removePricesFromOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemovePricesFromOptionInput) input: { priceIds: string[] },
  ): Promise<ListOption> {
    const row = await this.records.removeChildren(storeId, OPTION_PRICE_KIND, id, input.priceIds);
    return toRecordModel(ListOption, OPTION_KIND, row);
  }
}
