import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { ATTRIBUTE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddReferencesToAttributeInput,
  MutationRemoveReferencesFromAttributeInput,
} from './attribute.input';
import { Attribute } from './attribute.model';

/**
 * `addReferencesToAttribute(id, input)` and `removeReferencesFromAttribute(id, input)`: an
 * Attribute's external references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => Attribute)
export class AttributeReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => Attribute, { name: 'addReferencesToAttribute', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToAttributeInput) input: SetReferences,
  ): Promise<Attribute> {
    const row = await this.references.upsert(storeId, ATTRIBUTE_KIND.kind, id, input.references);
    return toRecordModel(Attribute, ATTRIBUTE_KIND, row);
  }

  @Mutation(() => Attribute, { name: 'removeReferencesFromAttribute', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromAttributeInput) input: RemoveReferences,
  ): Promise<Attribute> {
    const row = await this.references.delete(storeId, ATTRIBUTE_KIND.kind, id, input.names);
    return toRecordModel(Attribute, ATTRIBUTE_KIND, row);
  }
}
