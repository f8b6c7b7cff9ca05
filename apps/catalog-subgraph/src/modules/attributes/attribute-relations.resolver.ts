import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { ATTRIBUTE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddMediaObjectsToAttributeInput,
  MutationRemoveMediaObjectsFromAttributeInput,
} from './attribute.input';
import { Attribute } from './attribute.model';

/**
 * The members of a Attribute's relations: add and remove (both idempotent), each
 * returning the Attribute, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => Attribute)
export class AttributeRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => Attribute, {
    name: 'addMediaObjectsToAttribute',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addMediaObjectsToAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToAttributeInput) input: { mediaObjectIds: string[] },
  ): Promise<Attribute> {
    const row = await this.links.add(storeId, id, 'ATTRIBUTE:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(Attribute, ATTRIBUTE_KIND, row);
  }

  @Mutation(() => Attribute, {
    name: 'removeMediaObjectsFromAttribute',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeMediaObjectsFromAttribute(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromAttributeInput) input: { mediaObjectIds: string[] },
  ): Promise<Attribute> {
    const row = await this.links.remove(storeId, id, 'ATTRIBUTE:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(Attribute, ATTRIBUTE_KIND, row);
  }
}
