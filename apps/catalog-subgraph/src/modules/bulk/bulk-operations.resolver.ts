import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg } from '@platform/graphql-subgraph';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { DEFAULT_RESULT_PAGE_LINES, MAX_IMPORT_BYTES } from './bulk-limits';
import { SkuImportMode } from './bulk-operation.entity';
import { MutationStartSkuImportInput, ResultJsonlArgs } from './bulk.input';
import { CatalogBulkOperation, toCatalogBulkOperation } from './bulk.model';
import { BulkOperationsService } from './bulk-operations.service';

/**
 * startSkuImport, startSkuExport (answer at once with the EXECUTING operation; the worker runs
 * it), catalogBulkOperation(id) to poll, and an export's `resultJsonl` in pages of lines.
 */
@Resolver(() => CatalogBulkOperation)
export class BulkOperationsResolver {
  constructor(private readonly bulk: BulkOperationsService) {}

  @Mutation(() => CatalogBulkOperation, {
    nullable: true,
    description:
      `Imports SKUs from JSON Lines (at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB) asynchronously: ` +
      'all lines or none. Answers the EXECUTING operation; poll catalogBulkOperation(id).',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async startSkuImport(
    @StoreId() storeId: string,
    @InputArg('input', MutationStartSkuImportInput) input: MutationStartSkuImportInput,
  ): Promise<CatalogBulkOperation> {
    const mode = input.mode ?? SkuImportMode.CREATE;
    return toCatalogBulkOperation(await this.bulk.startImport(storeId, input.jsonl, mode));
  }

  @Mutation(() => CatalogBulkOperation, {
    nullable: true,
    description:
      'Exports every SKU of the store that is not archived as JSON Lines (oldest first), asynchronously; ' +
      'read them with resultJsonl once COMPLETED.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async startSkuExport(@StoreId() storeId: string): Promise<CatalogBulkOperation> {
    return toCatalogBulkOperation(await this.bulk.startExport(storeId));
  }

  @Query(() => CatalogBulkOperation, { nullable: true, description: 'One bulk operation of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async catalogBulkOperation(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<CatalogBulkOperation> {
    return toCatalogBulkOperation(await this.bulk.get(storeId, id));
  }

  @ResolveField('resultJsonl', () => String, {
    nullable: true,
    description:
      'A COMPLETED export’s lines offsetLine+1 … offsetLine+limit, each ending with "\\n" ("" past the end; ' +
      'totalLines says how many there are). Null for an import or an export not COMPLETED.',
  })
  async resultJsonl(
    @Parent() operation: CatalogBulkOperation,
    @ArgsOf(ResultJsonlArgs) args: ResultJsonlArgs,
  ): Promise<string | null> {
    return this.bulk.resultPage(operation, args?.offsetLine ?? 0, args?.limit ?? DEFAULT_RESULT_PAGE_LINES);
  }
}
