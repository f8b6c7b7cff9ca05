import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { BatchInputPipe, MAX_BATCH_CREATE } from '../records/batch-input.pipe';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { ATTRIBUTE_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { CreateAttributeValueInput } from './attribute-value.input';
import { AttributeValue } from './attribute-value.model';

/**
 * `createAttributeValues(input: [CreateAttributeValueInput!]!)`: 1 to 100 AttributeValue records in
 * one transaction, all or none.
 */
@Resolver(() => AttributeValue)
export class AttributeValueBatchResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => [AttributeValue], {
    name: 'createAttributeValues',
    nullable: true,
    description: `Creates 1 to ${MAX_BATCH_CREATE} records in one transaction: all or none.`,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async createAttributeValues(
    @StoreId() storeId: string,
    @Args('input', { type: () => [CreateAttributeValueInput] }, new BatchInputPipe(CreateAttributeValueInput))
    input: CreateAttributeValueInput[],
  ): Promise<AttributeValue[]> {
    const rows = await this.records.createMany(storeId, ATTRIBUTE_VALUE_KIND, input);
    return rows.map((row) => toRecordModel(AttributeValue, ATTRIBUTE_VALUE_KIND, row));
  }
}
