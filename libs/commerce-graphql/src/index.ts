export { CommerceStoreAccess, commerceStoreAccess } from './commerce-store-access';
export type { CommerceStoreAccessOptions } from './commerce-store-access';
export { commerceStoreSelection, selectStore } from './store-selection';
export type { CommerceStoreSelection, StoreSelectionMode } from './store-selection';
export { loadCommerceSubgraphConfig } from './commerce-subgraph-config';
export type { CommerceSubgraphConfig } from './commerce-subgraph-config';
