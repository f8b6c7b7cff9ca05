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
  // Counts are one row per SKU and location (onHand, committed, available) with no id, type or
  // creation time: the public per-type arguments cannot be honoured (docs/graphql.md).
  inventoryCount: 'Unknown argument "type" on field "Query.inventoryCount".',
  inventoryCounts: 'Unknown type "InventoryCountIdsFilter".',
  // Ours are createReferencesFor<X> / deleteReferencesFrom<X> (the shared lib factory); and
  // operations on things we do not have (option prices, list options, SKUs of a location, …).
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
  createOptionPrice: 'Unknown type "MutationCreateOptionPriceInput".',
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
