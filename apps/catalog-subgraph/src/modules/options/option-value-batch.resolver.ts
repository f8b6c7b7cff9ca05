import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { BatchInputPipe, MAX_BATCH_CREATE } from '../records/batch-input.pipe';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationCreateOptionValueInput } from './option-value.input';
import { OptionValue } from './option-value.model';

/**
 * `createOptionValues(input: [MutationCreateOptionValueInput!]!)`: 1 to 100 OptionValue records in
 * one transaction, all or none.
 */
@Resolver(() => OptionValue)
export class OptionValueBatchResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => [OptionValue], {
    name: 'createOptionValues',
    nullable: true,
    description: `Creates 1 to ${MAX_BATCH_CREATE} records in one transaction: all or none.`,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async createOptionValues(
    @StoreId() storeId: string,
    @Args(
      'input',
      { type: () => [MutationCreateOptionValueInput] },
      new BatchInputPipe(MutationCreateOptionValueInput),
    )
    input: MutationCreateOptionValueInput[],
  ): Promise<OptionValue[]> {
    const rows = await this.records.createMany(storeId, OPTION_VALUE_KIND, input);
    return rows.map((row) => toRecordModel(OptionValue, OPTION_VALUE_KIND, row));
  }
}
