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
  addAttributesToSkuGroup: 'Unknown argument "id" on field "Mutation.addAttributesToSkuGroup".',
  addAttributesToSKUGroup: 'Unknown type "MutationAddAttributesToSKUGroupInput".',
  addAttributeValuesToSku: 'Unknown argument "id" on field "Mutation.addAttributeValuesToSku".',
  addAttributeValuesToSKU: 'Unknown type "MutationAddAttributeValuesToSKUInput".',
  addChannelsToSkuGroup: 'Unknown argument "id" on field "Mutation.addChannelsToSkuGroup".',
  addChannelsToSKUGroup: 'Unknown type "MutationAddChannelsToSKUGroupInput".',
  addListTreeNodesToListTree: 'Unknown argument "id" on field "Mutation.addListTreeNodesToListTree".',
  addListTreeNodesToParentListTreeNode: 'Unknown type "MutationAddListTreeNodesToParentListTreeNodeInput".',
  addMediaObjectsToList: 'Unknown argument "id" on field "Mutation.addMediaObjectsToList".',
  addMediaObjectsToSku: 'Unknown argument "id" on field "Mutation.addMediaObjectsToSku".',
  addMediaObjectsToSKU: 'Unknown type "MutationAddMediaObjectsToSKUInput".',
  addMediaObjectsToSkuGroup: 'Unknown argument "id" on field "Mutation.addMediaObjectsToSkuGroup".',
  addMediaObjectsToSKUGroup: 'Unknown type "MutationAddMediaObjectsToSKUGroupInput".',
  addOptionsToSkuGroup: 'Unknown argument "id" on field "Mutation.addOptionsToSkuGroup".',
  addOptionsToSKUGroup: 'Unknown type "MutationAddOptionsToSKUGroupInput".',
  addReferencesToList: 'Unknown type "MutationAddReferencesToListInput".',
  addReferencesToListTree: 'Unknown type "MutationAddReferencesToListTreeInput".',
  addReferencesToListTreeNode: 'Unknown type "MutationAddReferencesToListTreeNodeInput".',
  addReferencesToLocation: 'Unknown type "MutationAddReferencesToLocationInput".',
  addReferencesToSku: 'Unknown type "MutationAddReferencesToSkuInput".',
  addReferencesToSKU: 'Unknown type "MutationAddReferencesToSKUInput".',
  addReferencesToSkuGroup: 'Unknown type "MutationAddReferencesToSkuGroupInput".',
  addReferencesToSKUGroup: 'Unknown type "MutationAddReferencesToSKUGroupInput".',
  addSkuGroupsToList: 'Unknown argument "id" on field "Mutation.addSkuGroupsToList".',
  addSKUGroupsToList: 'Unknown type "MutationAddSKUGroupsToListInput".',
  addSkuGroupToLists: 'Unknown type "MutationAddSkuGroupToListsInput".',
  addSKUGroupToLists: 'Unknown type "MutationAddSKUGroupToListsInput".',
  addSkusToLocation: 'Unknown type "MutationAddSkusToLocationInput".',
  addSKUsToLocation: 'Unknown type "MutationAddSKUsToLocationInput".',
  addSkusToSkuGroup: 'Unknown argument "id" on field "Mutation.addSkusToSkuGroup".',
  addSKUsToSKUGroup: 'Unknown type "MutationAddSKUsToSKUGroupInput".',
  archiveInventoryAdjustmentReason: 'Unknown type "MutationArchiveInventoryAdjustmentReasonInput".',
  archiveSKU: 'Cannot query field "archiveSKU" on type "Mutation".',
  archiveSKUGroup: 'Cannot query field "archiveSKUGroup" on type "Mutation".',
  createAttribute: 'Unknown type "MutationCreateAttributeInput".',
  createInventoryAdjustment: 'Unknown type "MutationCreateInventoryAdjustmentInput".',
  createInventoryAdjustmentReason: 'Unknown type "MutationCreateInventoryAdjustmentReasonInput".',
  createList: 'Unknown type "MutationCreateListInput".',
  createListTree: 'Unknown type "MutationCreateListTreeInput".',
  createLocation: 'Unknown type "MutationCreateLocationInput".',
  createOption: 'Unknown type "MutationCreateOptionInput".',
  createOptionPrice: 'Unknown type "MutationCreateOptionPriceInput".',
  createOptionValue: 'Unknown type "MutationCreateOptionValueInput".',
  createOptionValuePrice: 'Unknown type "MutationCreateOptionValuePriceInput".',
  createOptionValues: 'Unknown type "MutationCreateOptionValueInput".',
  createSKU: 'Cannot query field "createSKU" on type "Mutation".',
  createSkuGroup: 'Unknown type "MutationCreateSkuGroupInput".',
  createSKUGroup: 'Unknown type "MutationCreateSKUGroupInput".',
  createSkuPrice: 'Unknown type "MutationCreateSkuPriceInput".',
  createSKUPrice: 'Unknown type "MutationCreateSKUPriceInput".',
  createSKUs: 'Cannot query field "createSKUs" on type "Mutation".',
  deleteSkuGroupById:
    'Field "deleteSkuGroupById" must not have a selection since type "Boolean" has no subfields.',
  removeAttributesFromSkuGroup: 'Unknown argument "id" on field "Mutation.removeAttributesFromSkuGroup".',
  removeAttributesFromSKUGroup: 'Unknown type "MutationRemoveAttributesFromSKUGroupInput".',
  removeAttributeValuesFromAttribute: 'Unknown type "MutationRemoveAttributeValuesFromAttributeInput".',
  removeAttributeValuesFromSku: 'Unknown argument "id" on field "Mutation.removeAttributeValuesFromSku".',
  removeAttributeValuesFromSKU: 'Unknown type "MutationRemoveAttributeValuesFromSKUInput".',
  removeChannelsFromSkuGroup: 'Unknown argument "id" on field "Mutation.removeChannelsFromSkuGroup".',
  removeChannelsFromSKUGroup: 'Unknown type "MutationRemoveChannelsFromSKUGroupInput".',
  removeListTreeNodesFromListTree:
    'Unknown argument "id" on field "Mutation.removeListTreeNodesFromListTree".',
  removeListTreeNodesFromParentListTreeNode:
    'Unknown type "MutationRemoveListTreeNodesFromParentListTreeNodeInput".',
  removeMediaObjectsFromList: 'Unknown argument "id" on field "Mutation.removeMediaObjectsFromList".',
  removeMediaObjectsFromSku: 'Unknown argument "id" on field "Mutation.removeMediaObjectsFromSku".',
  removeMediaObjectsFromSKU: 'Unknown type "MutationRemoveMediaObjectsFromSKUInput".',
  removeMediaObjectsFromSkuGroup: 'Unknown argument "id" on field "Mutation.removeMediaObjectsFromSkuGroup".',
  removeMediaObjectsFromSKUGroup: 'Unknown type "MutationRemoveMediaObjectsFromSKUGroupInput".',
  removeOptionsFromSkuGroup: 'Unknown argument "id" on field "Mutation.removeOptionsFromSkuGroup".',
  removeOptionsFromSKUGroup: 'Unknown type "MutationRemoveOptionsFromSKUGroupInput".',
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
  removeSkuGroupFromLists: 'Unknown type "MutationRemoveSkuGroupFromListsInput".',
  removeSKUGroupFromLists: 'Unknown type "MutationRemoveSKUGroupFromListsInput".',
  removeSkuGroupsFromList: 'Unknown argument "id" on field "Mutation.removeSkuGroupsFromList".',
  removeSKUGroupsFromList: 'Unknown type "MutationRemoveSKUGroupsFromListInput".',
  removeSkusFromLocation: 'Unknown type "MutationRemoveSkusFromLocationInput".',
  removeSKUsFromLocation: 'Unknown type "MutationRemoveSKUsFromLocationInput".',
  removeSkusFromSkuGroup: 'Unknown argument "id" on field "Mutation.removeSkusFromSkuGroup".',
  removeSKUsFromSKUGroup: 'Unknown type "MutationRemoveSKUsFromSKUGroupInput".',
  updateInventoryAdjustmentReason:
    'Field "updateInventoryAdjustmentReason" argument "id" of type "String!" is required, but it was not provided.',
  updateListMediaObjects: 'Unknown type "MutationUpdateListMediaObjectsInput".',
  updateOptionPrice: 'Unknown type "MutationUpdateOptionPriceInput".',
  updateSKU: 'Unknown type "MutationUpdateSKUInput".',
  updateSKUGroup: 'Unknown type "MutationUpdateSKUGroupInput".',
  updateSkuGroupMediaObjects: 'Unknown type "MutationUpdateSkuGroupMediaObjectsInput".',
  updateSkuMediaObjects: 'Unknown type "MutationUpdateSkuMediaObjectsInput".',
  updateSKUPrice: 'Unknown type "MutationUpdateSKUPriceInput".',
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
