import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { Errors } from '@platform/errors';
import { type SubgraphContext, subgraphContextOf } from '@platform/graphql-subgraph';

/**
 * The store of the operation: in the commerce subgraphs the lib's tenant is the store, selected by
 * `commerceStoreSelection` and checked by `commerceStoreAccess`; a resolver only runs once both did.
 */
export function storeIdOf(context: SubgraphContext): string {
  if (!context.tenantId) throw Errors.internal('no store was selected for this operation');
  return context.tenantId;
}

/** Injects the operation's store id (selected from x-store-id, and visible to the caller). */
export const StoreId = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  storeIdOf(subgraphContextOf(context)),
);
