export { CommerceStoreAccess, commerceStoreAccess } from './commerce-store-access';
export type { CommerceStoreAccessOptions } from './commerce-store-access';
export { loadCommerceSubgraphConfig } from './commerce-subgraph-config';
export type { CommerceSubgraphConfig } from './commerce-subgraph-config';
export { StoreId, storeIdOf } from './store-id.decorator';
export { commerceStoreSelection, selectStore } from './store-selection';
export type { CommerceStoreSelection, StoreSelectionMode } from './store-selection';
export { StoreScopedRepository } from './store-scoped.repository';
export type { StoreScopedRow } from './store-scoped.repository';
