import { Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { CatalogRelationPagesService } from '../records/catalog-relation-pages.service';
import { CATALOG_READ } from '../records/catalog-scopes';
import { LIST_TREE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { ListTree } from './list-tree.model';

/** `categoriesListTree`: the store's list tree named `categories`, or null. */
@Resolver(() => ListTree)
export class CategoriesListTreeResolver {
  constructor(private readonly pages: CatalogRelationPagesService) {}

  @Query(() => ListTree, {
    name: 'categoriesListTree',
    nullable: true,
    description: 'The store’s categories: its oldest live list tree named "categories" (any case), or null.',
  })
  @RequiresScopes(...CATALOG_READ)
  async categoriesListTree(@StoreId() storeId: string): Promise<ListTree | null> {
    const row = await this.pages.categoriesTree(storeId);
    return row ? toRecordModel(ListTree, LIST_TREE_KIND, row) : null;
  }
}
