export { CommerceStoreAccess, commerceStoreAccess } from './commerce-store-access';
export type { CommerceStoreAccessOptions } from './commerce-store-access';
export { commerceStoreSelection, selectStore } from './store-selection';
export type { CommerceStoreSelection, StoreSelectionMode } from './store-selection';
