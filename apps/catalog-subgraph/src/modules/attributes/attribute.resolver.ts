import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { ATTRIBUTE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  AttributeListArgs,
  MutationCreateAttributeInput,
  MutationUpdateAttributeInput,
} from './attribute.input';
import { Attribute, QueryAttributesConnection } from './attribute.model';

/**
 * Attribute records: `attribute(id)`, `attributes(…)`, `createAttribute`, `updateAttribute`,
 * `archiveAttribute`.
 */
@Resolver(() => Attribute)
export class AttributeResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => Attribute, { name: 'attribute', nullable: true, description: 'One Attribute of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async attribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<Attribute> {
    return toRecordModel(Attribute, ATTRIBUTE_KIND, await this.records.get(storeId, ATTRIBUTE_KIND.kind, id));
  }

  @Query(() => QueryAttributesConnection, {
    name: 'attributes',
    nullable: true,
    description: "The store's Attribute records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async attributes(
    @StoreId() storeId: string,
    @ArgsOf(AttributeListArgs) args: AttributeListArgs,
  ): Promise<ConnectionShape<Attribute>> {
    return toCountedConnection(await this.records.list(storeId, ATTRIBUTE_KIND, args ?? {}), (row) =>
      toRecordModel(Attribute, ATTRIBUTE_KIND, row),
    );
  }

  @Mutation(() => Attribute, { name: 'createAttribute', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createAttribute(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateAttributeInput) input: MutationCreateAttributeInput,
  ): Promise<Attribute> {
    return toRecordModel(
      Attribute,
      ATTRIBUTE_KIND,
      await this.records.create(storeId, ATTRIBUTE_KIND, input),
    );
  }

  @Mutation(() => Attribute, { name: 'updateAttribute', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateAttributeInput) input: MutationUpdateAttributeInput,
  ): Promise<Attribute> {
    return toRecordModel(
      Attribute,
      ATTRIBUTE_KIND,
      await this.records.update(storeId, ATTRIBUTE_KIND, id, input),
    );
  }

  @Mutation(() => Attribute, {
    name: 'archiveAttribute',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<Attribute> {
    return toRecordModel(Attribute, ATTRIBUTE_KIND, await this.records.archive(storeId, ATTRIBUTE_KIND, id));
  }
}
