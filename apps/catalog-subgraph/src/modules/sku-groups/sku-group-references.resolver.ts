import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_GROUP_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddReferencesToSkuGroupInput,
  MutationAddReferencesToSKUGroupInput,
  MutationRemoveReferencesFromSkuGroupInput,
  MutationRemoveReferencesFromSKUGroupInput,
} from './sku-group.input';
import { SKUGroup } from './sku-group.model';

/**
 * `addReferencesToSkuGroup(id, input)` and `removeReferencesFromSkuGroup(id, input)`: a SKUGroup's
 * external references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => SKUGroup)
export class SkuGroupReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => SKUGroup, {
    name: 'addReferencesToSKUGroup',
    nullable: true,
    deprecationReason: 'Use `addReferencesToSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addReferencesToSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToSKUGroupInput) input: SetReferences,
  ): Promise<SKUGroup> {
    return this.addReferencesToSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeReferencesFromSKUGroup',
    nullable: true,
    deprecationReason: 'Use `removeReferencesFromSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeReferencesFromSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromSKUGroupInput) input: RemoveReferences,
  ): Promise<SKUGroup> {
    return this.removeReferencesFromSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, { name: 'addReferencesToSkuGroup', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToSkuGroupInput) input: SetReferences,
  ): Promise<SKUGroup> {
    const row = await this.references.upsert(storeId, SKU_GROUP_KIND.kind, id, input.references);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, { name: 'removeReferencesFromSkuGroup', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromSkuGroupInput) input: RemoveReferences,
  ): Promise<SKUGroup> {
    const row = await this.references.delete(storeId, SKU_GROUP_KIND.kind, id, input.names);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }
}
