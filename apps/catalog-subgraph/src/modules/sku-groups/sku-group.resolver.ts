import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_GROUP_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationCreateSkuGroupInput,
  MutationCreateSKUGroupInput,
  MutationUpdateSkuGroupInput,
  MutationUpdateSKUGroupInput,
  SKUGroupListArgs,
} from './sku-group.input';
import { QuerySkuGroupsConnection, SKUGroup } from './sku-group.model';

/**
 * SKUGroup records: `skuGroup(id)`, `skuGroups(…)`, `createSkuGroup`, `updateSkuGroup`,
 * `archiveSkuGroup`, with the deprecated upper-case spellings the public graph still serves.
 */
@Resolver(() => SKUGroup)
export class SkuGroupResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => SKUGroup, {
    name: 'createSKUGroup',
    nullable: true,
    deprecationReason: 'Use `createSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  createSKUGroup(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateSKUGroupInput) input: MutationCreateSKUGroupInput,
  ): Promise<SKUGroup> {
    return this.createSkuGroup(storeId, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'updateSKUGroup',
    nullable: true,
    deprecationReason: 'Use `updateSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  updateSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSKUGroupInput) input: MutationUpdateSKUGroupInput,
  ): Promise<SKUGroup> {
    return this.updateSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'archiveSKUGroup',
    nullable: true,
    deprecationReason: 'Use `archiveSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  archiveSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<SKUGroup> {
    return this.archiveSkuGroup(storeId, id);
  }

  @Query(() => SKUGroup, { name: 'skuGroup', nullable: true, description: 'One SKUGroup of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async skuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<SKUGroup> {
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, await this.records.get(storeId, SKU_GROUP_KIND.kind, id));
  }

  @Query(() => QuerySkuGroupsConnection, {
    name: 'skuGroups',
    nullable: true,
    description: "The store's SKUGroup records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async skuGroups(
    @StoreId() storeId: string,
    @ArgsOf(SKUGroupListArgs) args: SKUGroupListArgs,
  ): Promise<ConnectionShape<SKUGroup>> {
    return toCountedConnection(await this.records.list(storeId, SKU_GROUP_KIND, args ?? {}), (row) =>
      toRecordModel(SKUGroup, SKU_GROUP_KIND, row),
    );
  }

  @Mutation(() => SKUGroup, { name: 'createSkuGroup', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createSkuGroup(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateSkuGroupInput) input: MutationCreateSkuGroupInput,
  ): Promise<SKUGroup> {
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, await this.records.create(storeId, SKU_GROUP_KIND, input));
  }

  @Mutation(() => SKUGroup, { name: 'updateSkuGroup', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSkuGroupInput) input: MutationUpdateSkuGroupInput,
  ): Promise<SKUGroup> {
    return toRecordModel(
      SKUGroup,
      SKU_GROUP_KIND,
      await this.records.update(storeId, SKU_GROUP_KIND, id, input),
    );
  }

  @Mutation(() => SKUGroup, {
    name: 'archiveSkuGroup',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<SKUGroup> {
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, await this.records.archive(storeId, SKU_GROUP_KIND, id));
  }
}
