import { join } from 'node:path';
import { checkPublicOperations, loadSubgraphSchema, readPublicGraphqlOperations } from '@platform/testing';

// GoDaddy's public catalog admin graph (vendor-tests/godaddy-graphql/catalog-products.json, 149
// operations) against our committed catalog SDL, as a ratchet while issue 18 is worked on: every
// operation outside NOT_YET_MATCHING must validate as a public client sends it, and every one in it
// must still fail (when one starts matching, delete its line). Each line keeps the first
// validation error it had when listed ("Did you mean" suggestions left out).

const ROOT = join(__dirname, '..', '..', '..');
const INVENTORY = join(ROOT, 'vendor-tests', 'godaddy-graphql', 'catalog-products.json');
const SDL_FILE = join(__dirname, '..', 'schema.graphql');

/** The public operations whose document our schema refuses today, with the first error. */
const NOT_YET_MATCHING: Readonly<Record<string, string>> = {
  attributes: 'Unknown type "CreatedAtFilter".',
  attributeValues: 'Unknown type "AttributeIdFilter".',
  inventoryAdjustmentReasons: 'Unknown type "InventoryAdjustmentReasonOrderBy".',
  inventoryAdjustments: 'Unknown type "CreatedAtFilter".',
  inventoryCount: 'Unknown argument "type" on field "Query.inventoryCount".',
  inventoryCounts: 'Unknown type "CreatedAtFilter".',
  lists: 'Unknown type "CreatedAtFilter".',
  listTreeNodes: 'Unknown type "CreatedAtFilter".',
  listTrees: 'Unknown type "CreatedAtFilter".',
  locations: 'Unknown type "CreatedAtFilter".',
  options: 'Unknown type "CreatedAtFilter".',
  skuGroups: 'Unknown type "SKUGroupChannelIdFilter".',
  SKUGroups: 'Unknown type "SKUGroupChannelIdFilter".',
  skus: 'Unknown type "SKUAttributeValueFilter".',
  SKUs: 'Unknown type "SKUAttributeValueFilter".',
  addReferencesToList: 'Unknown type "MutationAddReferencesToListInput".',
  addReferencesToListTree: 'Unknown type "MutationAddReferencesToListTreeInput".',
  addReferencesToListTreeNode: 'Unknown type "MutationAddReferencesToListTreeNodeInput".',
  addReferencesToLocation: 'Unknown type "MutationAddReferencesToLocationInput".',
  addReferencesToSku: 'Unknown type "MutationAddReferencesToSkuInput".',
  addReferencesToSKU: 'Unknown type "MutationAddReferencesToSKUInput".',
  addReferencesToSkuGroup: 'Unknown type "MutationAddReferencesToSkuGroupInput".',
  addReferencesToSKUGroup: 'Unknown type "MutationAddReferencesToSKUGroupInput".',
  addSkusToLocation: 'Unknown type "MutationAddSkusToLocationInput".',
  addSKUsToLocation: 'Unknown type "MutationAddSKUsToLocationInput".',
  archiveInventoryAdjustmentReason: 'Unknown type "MutationArchiveInventoryAdjustmentReasonInput".',
  createInventoryAdjustment: 'Unknown type "MutationCreateInventoryAdjustmentInput".',
  createOptionPrice: 'Unknown type "MutationCreateOptionPriceInput".',
  deleteSkuGroupById:
    'Field "deleteSkuGroupById" must not have a selection since type "Boolean" has no subfields.',
  removeAttributeValuesFromAttribute: 'Unknown type "MutationRemoveAttributeValuesFromAttributeInput".',
  removeOptionValuesFromListOption: 'Unknown type "MutationRemoveOptionValuesFromListOptionInput".',
  removePricesFromOption: 'Unknown type "MutationRemovePricesFromOptionInput".',
  removePricesFromOptionValue: 'Unknown type "MutationRemovePricesFromOptionValueInput".',
  removePricesFromSku: 'Unknown type "MutationRemovePricesFromSkuInput".',
  removePricesFromSKU: 'Unknown type "MutationRemovePricesFromSKUInput".',
  removeReferencesFromList: 'Unknown type "MutationRemoveReferencesFromListInput".',
  removeReferencesFromListTree: 'Unknown type "MutationRemoveReferencesFromListTreeInput".',
  removeReferencesFromListTreeNode: 'Unknown type "MutationRemoveReferencesFromListTreeNodeInput".',
  removeReferencesFromLocation: 'Unknown type "MutationRemoveReferencesFromLocationInput".',
  removeReferencesFromSku: 'Unknown type "MutationRemoveReferencesFromSkuInput".',
  removeReferencesFromSKU: 'Unknown type "MutationRemoveReferencesFromSKUInput".',
  removeReferencesFromSkuGroup: 'Unknown type "MutationRemoveReferencesFromSkuGroupInput".',
  removeReferencesFromSKUGroup: 'Unknown type "MutationRemoveReferencesFromSKUGroupInput".',
  removeSkusFromLocation: 'Unknown type "MutationRemoveSkusFromLocationInput".',
  removeSKUsFromLocation: 'Unknown type "MutationRemoveSKUsFromLocationInput".',
  updateInventoryAdjustmentReason:
    'Field "updateInventoryAdjustmentReason" argument "id" of type "String!" is required, but it was not provided.',
  updateListMediaObjects: 'Unknown type "MutationUpdateListMediaObjectsInput".',
  updateOptionPrice: 'Unknown type "MutationUpdateOptionPriceInput".',
  updateSkuGroupMediaObjects: 'Unknown type "MutationUpdateSkuGroupMediaObjectsInput".',
  updateSkuMediaObjects: 'Unknown type "MutationUpdateSkuMediaObjectsInput".',
};

describe('public catalog admin graph operations against apps/catalog-subgraph/schema.graphql', () => {
  const operations = readPublicGraphqlOperations(INVENTORY);
  const checks = checkPublicOperations(operations, loadSubgraphSchema(SDL_FILE));
  const firstError = (errors: readonly string[]) => errors[0]?.replace(/ Did you mean .*$/, '');

  it('reads all 149 operations of the inventory, and lists only operations of it', () => {
    expect(operations).toHaveLength(149);
    const names = new Set(operations.map((o) => o.name));
    expect(Object.keys(NOT_YET_MATCHING).filter((name) => !names.has(name))).toEqual([]);
  });

  it('accepts the public document of every operation not listed as not yet matching', () => {
    const regressed = checks
      .filter((c) => !(c.name in NOT_YET_MATCHING) && !c.bySignature)
      .map((c) => `${c.kind} ${c.name}: ${firstError(c.errors)}`);
    expect(regressed).toEqual([]);
  });

  it('still refuses every operation listed as not yet matching (shrink the list when one matches)', () => {
    const nowMatching = checks.filter((c) => c.name in NOT_YET_MATCHING && c.bySignature).map((c) => c.name);
    expect(nowMatching).toEqual([]);
  });
});
