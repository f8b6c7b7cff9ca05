import { OrderErrors } from './orders.errors';

/**
 * The spec's rule for input-object mutations: `input.context.storeId` must name the store the
 * request selected with x-store-id (the lib already checked that one is visible), else STORE_MISMATCH.
 */
export function assertSameStore(selectedStoreId: string, input: { context: { storeId: string } }): void {
  if (input.context.storeId.toLowerCase() !== selectedStoreId.toLowerCase())
    throw OrderErrors.storeMismatch();
}
