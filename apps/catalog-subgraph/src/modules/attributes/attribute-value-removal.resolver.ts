import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { ATTRIBUTE_KIND, ATTRIBUTE_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationRemoveAttributeValuesFromAttributeInput } from './attribute-value.input';
import { Attribute } from './attribute.model';

/**
 * `removeAttributeValuesFromAttribute(id, input)`: removes AttributeValue records of the Attribute
 * in one transaction (each archived
 * and unlinked, as a removal does); returns the Attribute.
 */
@Resolver(() => Attribute)
export class AttributeValueRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => Attribute, {
    name: 'removeAttributeValuesFromAttribute',
    nullable: true,
    description:
      'Removes AttributeValue records of the Attribute (archived, unlinked); returns the Attribute.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeAttributeValuesFromAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveAttributeValuesFromAttributeInput)
    input: { attributeValueIds: string[] },
  ): Promise<Attribute> {
    const row = await this.records.removeChildren(storeId, ATTRIBUTE_VALUE_KIND, id, input.attributeValueIds);
    return toRecordModel(Attribute, ATTRIBUTE_KIND, row);
  }
}
