import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddChannelsToListInput,
  MutationAddMediaObjectsToListInput,
  MutationAddSkuGroupsToListInput,
  MutationAddSKUGroupsToListInput,
  MutationAddSkusToListInput,
  MutationRemoveChannelsFromListInput,
  MutationRemoveMediaObjectsFromListInput,
  MutationRemoveSkuGroupsFromListInput,
  MutationRemoveSKUGroupsFromListInput,
  MutationRemoveSkusFromListInput,
  MutationUpdateListMediaObjectsInput,
} from './list.input';
import { List } from './list.model';

/**
 * The members of a List's relations: add and remove (both idempotent) and replace, each
 * returning the List, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => List)
export class ListRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => List, {
    name: 'addSkusToList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addSkusToList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSkusToListInput) input: { skuIds: string[] },
  ): Promise<List> {
    const row = await this.links.add(storeId, id, 'LIST:SKU', input.skuIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'removeSkusFromList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeSkusFromList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSkusFromListInput) input: { skuIds: string[] },
  ): Promise<List> {
    const row = await this.links.remove(storeId, id, 'LIST:SKU', input.skuIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'addSKUGroupsToList',
    nullable: true,
    deprecationReason: 'Use `addSkuGroupsToList` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  addSKUGroupsToList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSKUGroupsToListInput) input: { skuGroupIds: string[] },
  ): Promise<List> {
    return this.addSkuGroupsToList(storeId, id, input);
  }

  @Mutation(() => List, {
    name: 'removeSKUGroupsFromList',
    nullable: true,
    deprecationReason: 'Use `removeSkuGroupsFromList` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removeSKUGroupsFromList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSKUGroupsFromListInput) input: { skuGroupIds: string[] },
  ): Promise<List> {
    return this.removeSkuGroupsFromList(storeId, id, input);
  }

  @Mutation(() => List, {
    name: 'addSkuGroupsToList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addSkuGroupsToList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddSkuGroupsToListInput) input: { skuGroupIds: string[] },
  ): Promise<List> {
    const row = await this.links.add(storeId, id, 'LIST:SKU_GROUP', input.skuGroupIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'removeSkuGroupsFromList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeSkuGroupsFromList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveSkuGroupsFromListInput) input: { skuGroupIds: string[] },
  ): Promise<List> {
    const row = await this.links.remove(storeId, id, 'LIST:SKU_GROUP', input.skuGroupIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'addMediaObjectsToList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addMediaObjectsToList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddMediaObjectsToListInput) input: { mediaObjectIds: string[] },
  ): Promise<List> {
    const row = await this.links.add(storeId, id, 'LIST:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'removeMediaObjectsFromList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeMediaObjectsFromList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveMediaObjectsFromListInput) input: { mediaObjectIds: string[] },
  ): Promise<List> {
    const row = await this.links.remove(storeId, id, 'LIST:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'updateListMediaObjects',
    nullable: true,
    description:
      'Sets its mediaObjects to exactly the ids given, in that order: new ones join, others leave.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async updateListMediaObjects(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateListMediaObjectsInput) input: { mediaObjectIds: string[] },
  ): Promise<List> {
    const row = await this.links.replace(storeId, id, 'LIST:MEDIA_OBJECT', input.mediaObjectIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'addChannelsToList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addChannelsToList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddChannelsToListInput) input: { channelIds: string[] },
  ): Promise<List> {
    const row = await this.links.add(storeId, id, 'LIST:CHANNEL', input.channelIds);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, {
    name: 'removeChannelsFromList',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeChannelsFromList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveChannelsFromListInput) input: { channelIds: string[] },
  ): Promise<List> {
    const row = await this.links.remove(storeId, id, 'LIST:CHANNEL', input.channelIds);
    return toRecordModel(List, LIST_KIND, row);
  }
}
