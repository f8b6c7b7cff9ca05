import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { subgraphContextOf, subgraphPathOf } from '@platform/graphql-subgraph';
import { GraphQLError } from 'graphql';
import type { OrderPath } from '../order-model/order-commands';
import { OrderErrors } from '../order-model/orders.errors';

/** The admin graph's path (the spec's) and the public storefront graph's path: one schema, two paths. */
export const ORDER_ADMIN_PATH = '/v1/commerce/order-subgraph';
export const ORDER_STOREFRONT_PATH = '/v1/commerce/order-storefront-subgraph';

/** Injects which of the two paths the operation was posted to. */
export const OrderPathKind = createParamDecorator((_data: unknown, context: ExecutionContext): OrderPath =>
  subgraphPathOf(subgraphContextOf(context)) === ORDER_STOREFRONT_PATH ? 'storefront' : 'admin',
);

/**
 * The spec's rule for input-object mutations: `input.context.storeId` must name the store the
 * request selected with x-store-id (the lib already checked that one is visible), else STORE_MISMATCH.
 */
export function assertSameStore(selectedStoreId: string, input: { context: { storeId: string } }): void {
  if (input.context.storeId.toLowerCase() !== selectedStoreId.toLowerCase())
    throw OrderErrors.storeMismatch();
}

/**
 * The cart mutations whose public inputs have no `context`: the admin path still requires it
 * (HTTP 400 GRAPHQL_VALIDATION_FAILED with graphql-js's message, as when the type required it);
 * the storefront path takes the x-store-id store,
 * and a context given on either path must name that store.
 */
export function assertCartContext(
  selectedStoreId: string,
  input: { context?: { storeId: string } | null },
  path: OrderPath,
): void {
  if (input.context) return assertSameStore(selectedStoreId, { context: input.context });
  if (path === 'admin') {
    throw new GraphQLError(
      'Variable "$input" got invalid value; Field "context" of required type "OrderStoreContextInput!" was not provided.',
      { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } },
    );
  }
}
