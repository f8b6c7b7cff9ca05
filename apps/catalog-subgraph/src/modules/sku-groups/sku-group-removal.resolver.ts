import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_GROUP_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { SKUGroup } from './sku-group.model';

/**
 * `deleteSkuGroupById`: the group is archived and leaves every relation, so it disappears from
 * lists while orders that name it keep a readable id; returns its last state (ARCHIVED), as the
 * public graph returns the deleted SKUGroup.
 */
@Resolver(() => SKUGroup)
export class SkuGroupRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => SKUGroup, { name: 'deleteSkuGroupById', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async deleteSkuGroupById(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<SKUGroup> {
    return toRecordModel(SKUGroup, SKU_GROUP_KIND, await this.records.remove(storeId, SKU_GROUP_KIND, id));
  }
}
