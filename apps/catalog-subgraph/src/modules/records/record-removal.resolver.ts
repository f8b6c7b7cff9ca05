import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/graphql-subgraph';
import { kindOf } from './catalog-kinds';
import { CatalogRecordsService } from './catalog-records.service';
import { CATALOG_WRITE } from './catalog-scopes';
import { RecordModel, kindTypes, toRecordModel } from './record-types.factory';

const SKU_GROUP = kindOf('SKU_GROUP');
const SKU_GROUP_TYPES = kindTypes(SKU_GROUP);

/**
 * The public schema's three removals (`deleteSkuGroupById`, `removeOption`, `removeOptionValue`):
 * the record is archived and leaves every relation, so it disappears from groups, SKUs and lists
 * while orders that name it keep a readable id. `deleteSkuGroupById` returns the group's last state
 * (ARCHIVED), as the public graph returns the deleted SKUGroup; the other two return true once
 * done (also when done before).
 */
@Resolver()
export class RecordRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => SKU_GROUP_TYPES.model, { name: 'deleteSkuGroupById', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async deleteSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<RecordModel> {
    return toRecordModel(SKU_GROUP, await this.records.remove(storeId, SKU_GROUP, id));
  }

  @Mutation(() => Boolean, { name: 'removeOption', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<boolean> {
    await this.records.remove(storeId, kindOf('OPTION'), id);
    return true;
  }

  @Mutation(() => Boolean, { name: 'removeOptionValue', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOptionValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<boolean> {
    await this.records.remove(storeId, kindOf('OPTION_VALUE'), id);
    return true;
  }
}
