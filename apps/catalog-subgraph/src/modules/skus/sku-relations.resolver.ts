import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddAttributeValuesToSkuInput,
  MutationAddAttributeValuesToSKUInput,
  MutationAddChannelsToSkuInput,
  MutationAddMediaObjectsToSkuInput,
  MutationAddMediaObjectsToSKUInput,
  MutationAddOptionValuesToSkuInput,
  MutationRemoveAttributeValuesFromSkuInput,
  MutationRemoveAttributeValuesFromSKUInput,
  MutationRemoveChannelsFromSkuInput,
  MutationRemoveMediaObjectsFromSkuInput,
  MutationRemoveMediaObjectsFromSKUInput,
  MutationRemoveOptionValuesFromSkuInput,
  MutationUpdateSkuMediaObjectsInput,
} from './sku.input';
import { SKU } from './sku.model';

/**
 * The members of a SKU's relations: add and remove (both idempotent) and replace, each
 * returning the SKU, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => SKU)
export class SkuRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => SKU, {
    name: 'addAttributeValuesToSKU',
    nullable: true,
    deprecationReason: 'Use `addAttributeValuesToSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addAttributeValuesToSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddAttributeValuesToSKUInput) input: { attributeValueIds: string[] },
  ): Promise<SKU> {
    return this.addAttributeValuesToSku(storeId, id, input);
  }

  @Mutation(() => SKU, {
    name: 'removeAttributeValuesFromSKU',
    nullable: true,
    deprecationReason: 'Use `removeAttributeValuesFromSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeAttributeValuesFromSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveAttributeValuesFromSKUInput) input: { attributeValueIds: string[] },
  ): Promise<SKU> {
    return this.removeAttributeValuesFromSku(storeId, id, input);
  }

  @Mutation(() => SKU, {
    name: 'addAttributeValuesToSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addAttributeValuesToSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddAttributeValuesToSkuInput) input: { attributeValueIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.add(storeId, id, 'SKU:ATTRIBUTE_VALUE', input.attributeValueIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'removeAttributeValuesFromSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeAttributeValuesFromSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveAttributeValuesFromSkuInput) input: { attributeValueIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.remove(storeId, id, 'SKU:ATTRIBUTE_VALUE', input.attributeValueIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'addOptionValuesToSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addOptionValuesToSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddOptionValuesToSkuInput) input: { optionValueIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.add(storeId, id, 'SKU:OPTION_VALUE', input.optionValueIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'removeOptionValuesFromSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOptionValuesFromSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveOptionValuesFromSkuInput) input: { optionValueIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.remove(storeId, id, 'SKU:OPTION_VALUE', input.optionValueIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'addMediaObjectsToSKU',
    nullable: true,
    deprecationReason: 'Use `addMediaObjectsToSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addMediaObjectsToSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToSKUInput) input: { mediaObjectIds: string[] },
  ): Promise<SKU> {
    return this.addMediaObjectsToSku(storeId, id, input);
  }

  @Mutation(() => SKU, {
    name: 'removeMediaObjectsFromSKU',
    nullable: true,
    deprecationReason: 'Use `removeMediaObjectsFromSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeMediaObjectsFromSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromSKUInput) input: { mediaObjectIds: string[] },
  ): Promise<SKU> {
    return this.removeMediaObjectsFromSku(storeId, id, input);
  }

  @Mutation(() => SKU, {
    name: 'addMediaObjectsToSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addMediaObjectsToSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToSkuInput) input: { mediaObjectIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.add(storeId, id, 'SKU:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'removeMediaObjectsFromSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeMediaObjectsFromSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromSkuInput) input: { mediaObjectIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.remove(storeId, id, 'SKU:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'updateSkuMediaObjects',
    nullable: true,
    description:
      'Sets its mediaObjects to exactly the ids given, in that order: new ones join, others leave.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async updateSkuMediaObjects(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSkuMediaObjectsInput) input: { mediaObjectIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.replace(storeId, id, 'SKU:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'addChannelsToSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addChannelsToSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddChannelsToSkuInput) input: { channelIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.add(storeId, id, 'SKU:CHANNEL', input.channelIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }

  @Mutation(() => SKU, {
    name: 'removeChannelsFromSku',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeChannelsFromSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveChannelsFromSkuInput) input: { channelIds: string[] },
  ): Promise<SKU> {
    const row = await this.links.remove(storeId, id, 'SKU:CHANNEL', input.channelIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }
}
