import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/graphql-subgraph';
import { kindOf } from './catalog-kinds';
import { CatalogRecordsService } from './catalog-records.service';
import { CATALOG_WRITE } from './catalog-scopes';

/**
 * The public schema's three removals (`deleteSkuGroupById`, `removeOption`, `removeOptionValue`):
 * the record is archived and leaves every relation, so it disappears from groups, SKUs and lists
 * while orders that name it keep a readable id. True once done (also when done before).
 */
@Resolver()
export class RecordRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => Boolean, { name: 'deleteSkuGroupById', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async deleteSkuGroup(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<boolean> {
    await this.records.remove(storeId, kindOf('SKU_GROUP'), id);
    return true;
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
