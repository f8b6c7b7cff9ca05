import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_KIND, OPTION_VALUE_KIND } from '../records/record-kinds';
import { ListOption } from './option.model';

/**
 * `removeOption` and `removeOptionValue`: the record is archived and leaves every relation, so it
 * disappears from groups and SKUs while orders that name it keep a readable id. Both return true
 * once done (also when done before).
 */
@Resolver(() => ListOption)
export class OptionRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => Boolean, { name: 'removeOption', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<boolean> {
    await this.records.remove(storeId, OPTION_KIND, id);
    return true;
  }

  @Mutation(() => Boolean, { name: 'removeOptionValue', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeOptionValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<boolean> {
    await this.records.remove(storeId, OPTION_VALUE_KIND, id);
    return true;
  }
}
