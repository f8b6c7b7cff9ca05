import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_GROUP_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddAttributesToSkuGroupInput,
  MutationAddAttributesToSKUGroupInput,
  MutationAddChannelsToSkuGroupInput,
  MutationAddChannelsToSKUGroupInput,
  MutationAddMediaObjectsToSkuGroupInput,
  MutationAddMediaObjectsToSKUGroupInput,
  MutationAddOptionsToSkuGroupInput,
  MutationAddOptionsToSKUGroupInput,
  MutationAddSkuGroupToListsInput,
  MutationAddSKUGroupToListsInput,
  MutationAddSkusToSkuGroupInput,
  MutationAddSKUsToSKUGroupInput,
  MutationRemoveAttributesFromSkuGroupInput,
  MutationRemoveAttributesFromSKUGroupInput,
  MutationRemoveChannelsFromSkuGroupInput,
  MutationRemoveChannelsFromSKUGroupInput,
  MutationRemoveMediaObjectsFromSkuGroupInput,
  MutationRemoveMediaObjectsFromSKUGroupInput,
  MutationRemoveOptionsFromSkuGroupInput,
  MutationRemoveOptionsFromSKUGroupInput,
  MutationRemoveSkuGroupFromListsInput,
  MutationRemoveSKUGroupFromListsInput,
  MutationRemoveSkusFromSkuGroupInput,
  MutationRemoveSKUsFromSKUGroupInput,
  MutationUpdateSkuGroupMediaObjectsInput,
} from './sku-group.input';
import { SKUGroup } from './sku-group.model';

/**
 * The members of a SKUGroup's relations: add and remove (both idempotent) and replace, each
 * returning the SKUGroup, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => SKUGroup)
export class SkuGroupRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => SKUGroup, {
    name: 'addSKUsToSKUGroup',
    nullable: true,
    deprecationReason: 'Use `addSkusToSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addSKUsToSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSKUsToSKUGroupInput) input: { skuIds: string[] },
  ): Promise<SKUGroup> {
    return this.addSkusToSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeSKUsFromSKUGroup',
    nullable: true,
    deprecationReason: 'Use `removeSkusFromSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeSKUsFromSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSKUsFromSKUGroupInput) input: { skuIds: string[] },
  ): Promise<SKUGroup> {
    return this.removeSkusFromSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'addSkusToSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addSkusToSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSkusToSkuGroupInput) input: { skuIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.add(storeId, id, 'SKU_GROUP:SKU', input.skuIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeSkusFromSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeSkusFromSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSkusFromSkuGroupInput) input: { skuIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.remove(storeId, id, 'SKU_GROUP:SKU', input.skuIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'addAttributesToSKUGroup',
    nullable: true,
    deprecationReason: 'Use `addAttributesToSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addAttributesToSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddAttributesToSKUGroupInput) input: { attributeIds: string[] },
  ): Promise<SKUGroup> {
    return this.addAttributesToSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeAttributesFromSKUGroup',
    nullable: true,
    deprecationReason: 'Use `removeAttributesFromSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeAttributesFromSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveAttributesFromSKUGroupInput) input: { attributeIds: string[] },
  ): Promise<SKUGroup> {
    return this.removeAttributesFromSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'addAttributesToSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addAttributesToSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddAttributesToSkuGroupInput) input: { attributeIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.add(storeId, id, 'SKU_GROUP:ATTRIBUTE', input.attributeIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeAttributesFromSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeAttributesFromSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveAttributesFromSkuGroupInput) input: { attributeIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.remove(storeId, id, 'SKU_GROUP:ATTRIBUTE', input.attributeIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'addOptionsToSKUGroup',
    nullable: true,
    deprecationReason: 'Use `addOptionsToSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addOptionsToSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddOptionsToSKUGroupInput) input: { optionIds: string[] },
  ): Promise<SKUGroup> {
    return this.addOptionsToSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeOptionsFromSKUGroup',
    nullable: true,
    deprecationReason: 'Use `removeOptionsFromSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeOptionsFromSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveOptionsFromSKUGroupInput) input: { optionIds: string[] },
  ): Promise<SKUGroup> {
    return this.removeOptionsFromSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'addOptionsToSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addOptionsToSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddOptionsToSkuGroupInput) input: { optionIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.add(storeId, id, 'SKU_GROUP:OPTION', input.optionIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeOptionsFromSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOptionsFromSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveOptionsFromSkuGroupInput) input: { optionIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.remove(storeId, id, 'SKU_GROUP:OPTION', input.optionIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'addMediaObjectsToSKUGroup',
    nullable: true,
    deprecationReason: 'Use `addMediaObjectsToSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addMediaObjectsToSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToSKUGroupInput) input: { mediaObjectIds: string[] },
  ): Promise<SKUGroup> {
    return this.addMediaObjectsToSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeMediaObjectsFromSKUGroup',
    nullable: true,
    deprecationReason: 'Use `removeMediaObjectsFromSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeMediaObjectsFromSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromSKUGroupInput) input: { mediaObjectIds: string[] },
  ): Promise<SKUGroup> {
    return this.removeMediaObjectsFromSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'addMediaObjectsToSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addMediaObjectsToSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToSkuGroupInput) input: { mediaObjectIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.add(storeId, id, 'SKU_GROUP:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeMediaObjectsFromSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeMediaObjectsFromSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromSkuGroupInput) input: { mediaObjectIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.remove(storeId, id, 'SKU_GROUP:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'updateSkuGroupMediaObjects',
    nullable: true,
    description:
      'Sets its mediaObjects to exactly the ids given, in that order: new ones join, others leave.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async updateSkuGroupMediaObjects(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSkuGroupMediaObjectsInput) input: { mediaObjectIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.replace(storeId, id, 'SKU_GROUP:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'addChannelsToSKUGroup',
    nullable: true,
    deprecationReason: 'Use `addChannelsToSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addChannelsToSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddChannelsToSKUGroupInput) input: { channelIds: string[] },
  ): Promise<SKUGroup> {
    return this.addChannelsToSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeChannelsFromSKUGroup',
    nullable: true,
    deprecationReason: 'Use `removeChannelsFromSkuGroup` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeChannelsFromSKUGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveChannelsFromSKUGroupInput) input: { channelIds: string[] },
  ): Promise<SKUGroup> {
    return this.removeChannelsFromSkuGroup(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'addChannelsToSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addChannelsToSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddChannelsToSkuGroupInput) input: { channelIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.add(storeId, id, 'SKU_GROUP:CHANNEL', input.channelIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeChannelsFromSkuGroup',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeChannelsFromSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveChannelsFromSkuGroupInput) input: { channelIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.remove(storeId, id, 'SKU_GROUP:CHANNEL', input.channelIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'addSKUGroupToLists',
    nullable: true,
    deprecationReason: 'Use `addSkuGroupToLists` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addSKUGroupToLists(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSKUGroupToListsInput) input: { listIds: string[] },
  ): Promise<SKUGroup> {
    return this.addSkuGroupToLists(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeSKUGroupFromLists',
    nullable: true,
    deprecationReason: 'Use `removeSkuGroupFromLists` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeSKUGroupFromLists(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSKUGroupFromListsInput) input: { listIds: string[] },
  ): Promise<SKUGroup> {
    return this.removeSkuGroupFromLists(storeId, id, input);
  }

  @Mutation(() => SKUGroup, {
    name: 'addSkuGroupToLists',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addSkuGroupToLists(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSkuGroupToListsInput) input: { listIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.add(storeId, id, 'SKU_GROUP:LIST', input.listIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }

  @Mutation(() => SKUGroup, {
    name: 'removeSkuGroupFromLists',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeSkuGroupFromLists(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSkuGroupFromListsInput) input: { listIds: string[] },
  ): Promise<SKUGroup> {
    const row = await this.links.remove(storeId, id, 'SKU_GROUP:LIST', input.listIds);
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, row);
  }
}
