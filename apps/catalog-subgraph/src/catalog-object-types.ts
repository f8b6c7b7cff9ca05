/**
 * The catalog's GraphQL object types, imported in the order the committed schema.graphql lists
 * them. graphql-js prints the object types of a schema in the order Nest registered them, which is
 * the order their classes were declared: importing the model files here first (app.module.ts does)
 * fixes that order, whichever module happens to import a model first. A new object type goes where
 * its place in schema.graphql should be.
 */
import './modules/options/option-validation.model';
import './modules/bulk/bulk.model';
import './modules/sku-groups/sku-group.model';
import './modules/records/catalog-reference.model';
import './modules/records/price-range.model';
import './modules/records/metafield.model';
import './modules/skus/sku.model';
import './modules/options/option.model';
import './modules/options/option-value.model';
import './modules/options/option-value-price.model';
import './modules/options/option-price.model';
import './modules/attributes/attribute.model';
import './modules/attributes/attribute-value.model';
import './modules/skus/sku-price.model';
import './modules/lists/list.model';
import './modules/lists/list-tree.model';
import './modules/lists/list-tree-node.model';
import './modules/locations/location.model';
import './modules/media-objects/media-object.model';
import './modules/inventory-adjustment-reasons/inventory-adjustment-reason.model';
import './modules/record-fields/record-connections.model';
import './modules/inventory/inventory.model';
