import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_VALUE_KIND, OPTION_VALUE_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationRemovePricesFromOptionValueInput } from './option-value-price.input';
import { OptionValue } from './option-value.model';

/**
 * `removePricesFromOptionValue(id, input)`: removes OptionValuePrice records of the OptionValue in
 * one transaction (each archived
 * and unlinked, as a removal does); returns the OptionValue.
 */
@Resolver(() => OptionValue)
export class OptionValuePriceRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => OptionValue, {
    name: 'removePricesFromOptionValue',
    nullable: true,
    description:
      'Removes OptionValuePrice records of the OptionValue (archived, unlinked); returns the OptionValue.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removePricesFromOptionValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemovePricesFromOptionValueInput) input: { priceIds: string[] },
  ): Promise<OptionValue> {
    const row = await this.records.removeChildren(storeId, OPTION_VALUE_PRICE_KIND, id, input.priceIds);
    return toRecordModel(OptionValue, OPTION_VALUE_KIND, row);
  }
}
