import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddReferencesToSkuInput,
  MutationAddReferencesToSKUInput,
  MutationRemoveReferencesFromSkuInput,
  MutationRemoveReferencesFromSKUInput,
} from './sku.input';
import { SKU } from './sku.model';

/**
 * `addReferencesToSku(id, input)` and `removeReferencesFromSku(id, input)`: a SKU's external
 * references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => SKU)
export class SkuReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => SKU, {
    name: 'addReferencesToSKU',
    nullable: true,
    deprecationReason: 'Use `addReferencesToSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addReferencesToSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToSKUInput) input: SetReferences,
  ): Promise<SKU> {
    return this.addReferencesToSku(storeId, id, input);
  }

  @Mutation(() => SKU, {
    name: 'removeReferencesFromSKU',
    nullable: true,
    deprecationReason: 'Use `removeReferencesFromSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeReferencesFromSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromSKUInput) input: RemoveReferences,
  ): Promise<SKU> {
    return this.removeReferencesFromSku(storeId, id, input);
  }

  @Mutation(() => SKU, { name: 'addReferencesToSku', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToSkuInput) input: SetReferences,
  ): Promise<SKU> {
    const row = await this.references.upsert(storeId, SKU_KIND.kind, id, input.references);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, { name: 'removeReferencesFromSku', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromSkuInput) input: RemoveReferences,
  ): Promise<SKU> {
    const row = await this.references.delete(storeId, SKU_KIND.kind, id, input.names);
    return toRecordModel(SKU, SKU_KIND, row);
  }
}
