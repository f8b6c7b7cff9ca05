import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { ATTRIBUTE_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  AttributeValueListArgs,
  CreateAttributeValueInput,
  MutationUpdateAttributeValueInput,
} from './attribute-value.input';
import { AttributeValue, QueryAttributeValuesConnection } from './attribute-value.model';

/**
 * AttributeValue records: `attributeValue(id)`, `attributeValues(…)`, `createAttributeValue`,
 * `updateAttributeValue`, `archiveAttributeValue`.
 */
@Resolver(() => AttributeValue)
export class AttributeValueResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => AttributeValue, {
    name: 'attributeValue',
    nullable: true,
    description: 'One AttributeValue of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async attributeValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<AttributeValue> {
    return toRecordModel(
      AttributeValue,
      ATTRIBUTE_VALUE_KIND,
      await this.records.get(storeId, ATTRIBUTE_VALUE_KIND.kind, id),
    );
  }

  @Query(() => QueryAttributeValuesConnection, {
    name: 'attributeValues',
    nullable: true,
    description: "The store's AttributeValue records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async attributeValues(
    @StoreId() storeId: string,
    @ArgsOf(AttributeValueListArgs) args: AttributeValueListArgs,
  ): Promise<ConnectionShape<AttributeValue>> {
    return toCountedConnection(await this.records.list(storeId, ATTRIBUTE_VALUE_KIND, args ?? {}), (row) =>
      toRecordModel(AttributeValue, ATTRIBUTE_VALUE_KIND, row),
    );
  }

  @Mutation(() => AttributeValue, { name: 'createAttributeValue', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createAttributeValue(
    @StoreId() storeId: string,
    @InputArg('input', CreateAttributeValueInput) input: CreateAttributeValueInput,
  ): Promise<AttributeValue> {
    return toRecordModel(
      AttributeValue,
      ATTRIBUTE_VALUE_KIND,
      await this.records.create(storeId, ATTRIBUTE_VALUE_KIND, input),
    );
  }

  @Mutation(() => AttributeValue, { name: 'updateAttributeValue', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateAttributeValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateAttributeValueInput) input: MutationUpdateAttributeValueInput,
  ): Promise<AttributeValue> {
    return toRecordModel(
      AttributeValue,
      ATTRIBUTE_VALUE_KIND,
      await this.records.update(storeId, ATTRIBUTE_VALUE_KIND, id, input),
    );
  }

  @Mutation(() => AttributeValue, {
    name: 'archiveAttributeValue',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveAttributeValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<AttributeValue> {
    return toRecordModel(
      AttributeValue,
      ATTRIBUTE_VALUE_KIND,
      await this.records.archive(storeId, ATTRIBUTE_VALUE_KIND, id),
    );
  }
}
