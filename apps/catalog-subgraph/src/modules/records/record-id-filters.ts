import { idFilterInput } from './record-filters';

/**
 * The `{ eq, in }` id filters a kind's list takes to name records of another kind, under the public
 * graph's names (`skus(skuGroupId: SKUGroupIdFilter)`): one class per name, shared by every list
 * that takes it (record-list-filters.ts has their SQL).
 */
export const AttributeIdFilter = idFilterInput('AttributeIdFilter');
export const ListIdFilter = idFilterInput('ListIdFilter');
export const ListTreeIdFilter = idFilterInput('ListTreeIdFilter');
export const ListTreeNodeIdFilter = idFilterInput('ListTreeNodeIdFilter');
export const LocationIdFilter = idFilterInput('LocationIdFilter');
export const OptionIdFilter = idFilterInput('OptionIdFilter');
export const OptionValueIdFilter = idFilterInput('OptionValueIdFilter');
export const SKUGroupIdFilter = idFilterInput('SKUGroupIdFilter');
export const SKUIdFilter = idFilterInput('SKUIdFilter');
