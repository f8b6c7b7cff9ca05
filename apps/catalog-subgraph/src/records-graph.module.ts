import { Module } from '@nestjs/common';
import { AttributeReferencesResolver } from './modules/attributes/attribute-references.resolver';
import { AttributeRelationsResolver } from './modules/attributes/attribute-relations.resolver';
import { AttributeValueBatchResolver } from './modules/attributes/attribute-value-batch.resolver';
import { AttributeValueRemovalResolver } from './modules/attributes/attribute-value-removal.resolver';
import { AttributeValueResolver } from './modules/attributes/attribute-value.resolver';
import { AttributeResolver } from './modules/attributes/attribute.resolver';
import { InventoryAdjustmentReasonResolver } from './modules/inventory-adjustment-reasons/inventory-adjustment-reason.resolver';
import { CategoriesListTreeResolver } from './modules/lists/categories-list-tree.resolver';
import { ListReferencesResolver } from './modules/lists/list-references.resolver';
import { ListRelationsResolver } from './modules/lists/list-relations.resolver';
import { ListTreeNodeReferencesResolver } from './modules/lists/list-tree-node-references.resolver';
import { ListTreeNodeRelationsResolver } from './modules/lists/list-tree-node-relations.resolver';
import { ListTreeNodeResolver } from './modules/lists/list-tree-node.resolver';
import { ListTreeReferencesResolver } from './modules/lists/list-tree-references.resolver';
import { ListTreeRelationsResolver } from './modules/lists/list-tree-relations.resolver';
import { ListTreeResolver } from './modules/lists/list-tree.resolver';
import { ListResolver } from './modules/lists/list.resolver';
import { LocationReferencesResolver } from './modules/locations/location-references.resolver';
import { LocationRelationsResolver } from './modules/locations/location-relations.resolver';
import { LocationResolver } from './modules/locations/location.resolver';
import { MediaObjectResolver } from './modules/media-objects/media-object.resolver';
import { OptionPriceRemovalResolver } from './modules/options/option-price-removal.resolver';
import { OptionPriceResolver } from './modules/options/option-price.resolver';
import { OptionReferencesResolver } from './modules/options/option-references.resolver';
import { OptionRelationsResolver } from './modules/options/option-relations.resolver';
import { OptionRemovalResolver } from './modules/options/option-removal.resolver';
import { OptionValueBatchResolver } from './modules/options/option-value-batch.resolver';
import { OptionValuePriceRemovalResolver } from './modules/options/option-value-price-removal.resolver';
import { OptionValuePriceResolver } from './modules/options/option-value-price.resolver';
import { OptionValueRemovalResolver } from './modules/options/option-value-removal.resolver';
import { OptionValueResolver } from './modules/options/option-value.resolver';
import { OptionResolver } from './modules/options/option.resolver';
import { AttributeFieldsResolver } from './modules/record-fields/attribute-fields.resolver';
import { AttributeValueFieldsResolver } from './modules/record-fields/attribute-value-fields.resolver';
import { InventoryAdjustmentReasonFieldsResolver } from './modules/record-fields/inventory-adjustment-reason-fields.resolver';
import { ListFieldsResolver } from './modules/record-fields/list-fields.resolver';
import { ListTreeFieldsResolver } from './modules/record-fields/list-tree-fields.resolver';
import { ListTreeNodeFieldsResolver } from './modules/record-fields/list-tree-node-fields.resolver';
import { LocationFieldsResolver } from './modules/record-fields/location-fields.resolver';
import { MediaObjectFieldsResolver } from './modules/record-fields/media-object-fields.resolver';
import { OptionFieldsResolver } from './modules/record-fields/option-fields.resolver';
import { OptionPriceFieldsResolver } from './modules/record-fields/option-price-fields.resolver';
import { OptionValueFieldsResolver } from './modules/record-fields/option-value-fields.resolver';
import { OptionValuePriceFieldsResolver } from './modules/record-fields/option-value-price-fields.resolver';
import { SkuFieldsResolver } from './modules/record-fields/sku-fields.resolver';
import { SkuGroupFieldsResolver } from './modules/record-fields/sku-group-fields.resolver';
import { SkuPriceFieldsResolver } from './modules/record-fields/sku-price-fields.resolver';
import { SkuGroupDeprecatedQueriesResolver } from './modules/sku-groups/sku-group-deprecated-queries.resolver';
import { SkuGroupReferencesResolver } from './modules/sku-groups/sku-group-references.resolver';
import { SkuGroupRelationsResolver } from './modules/sku-groups/sku-group-relations.resolver';
import { SkuGroupRemovalResolver } from './modules/sku-groups/sku-group-removal.resolver';
import { SkuGroupResolver } from './modules/sku-groups/sku-group.resolver';
import { SkuBatchResolver } from './modules/skus/sku-batch.resolver';
import { SkuDeprecatedQueriesResolver } from './modules/skus/sku-deprecated-queries.resolver';
import { SkuPriceRemovalResolver } from './modules/skus/sku-price-removal.resolver';
import { SkuPriceResolver } from './modules/skus/sku-price.resolver';
import { SkuReferencesResolver } from './modules/skus/sku-references.resolver';
import { SkuRelationsResolver } from './modules/skus/sku-relations.resolver';
import { SkuResolver } from './modules/skus/sku.resolver';
import { CatalogRecordsModule } from './modules/records/records.module';

/**
 * The GraphQL operations and fields of the catalog's records, one resolver per kind and role
 * (modules/skus/sku.resolver.ts has `sku`, `skus`, `createSku`…). Nest adds root fields and a
 * type's fields in the order of these providers, and the committed schema.graphql lists them in
 * that order: the providers are grouped by role, not sorted, so the SDL stays as it is.
 */
@Module({
  imports: [CatalogRecordsModule],
  providers: [
    // Removals the public graph names first: deleteSkuGroupById, removeOption, removeOptionValue.
    SkuGroupRemovalResolver,
    OptionRemovalResolver,
    // Each kind: `<single>(id)`, `<plural>(…)`, `create<X>`, `update<X>`, `archive<X>`.
    SkuResolver,
    SkuGroupResolver,
    OptionResolver,
    OptionValueResolver,
    OptionValuePriceResolver,
    OptionPriceResolver,
    AttributeResolver,
    AttributeValueResolver,
    SkuPriceResolver,
    ListResolver,
    ListTreeResolver,
    ListTreeNodeResolver,
    LocationResolver,
    MediaObjectResolver,
    InventoryAdjustmentReasonResolver,
    // Batch creates.
    SkuBatchResolver,
    OptionValueBatchResolver,
    AttributeValueBatchResolver,
    // Deprecated query names (`SKU`, `SKUs`, …).
    SkuDeprecatedQueriesResolver,
    SkuGroupDeprecatedQueriesResolver,
    // Fields beyond the columns (relations, references, metafields, pricing); `categoriesListTree`.
    SkuFieldsResolver,
    SkuGroupFieldsResolver,
    OptionFieldsResolver,
    OptionValueFieldsResolver,
    OptionValuePriceFieldsResolver,
    OptionPriceFieldsResolver,
    AttributeFieldsResolver,
    AttributeValueFieldsResolver,
    SkuPriceFieldsResolver,
    ListFieldsResolver,
    ListTreeFieldsResolver,
    ListTreeNodeFieldsResolver,
    LocationFieldsResolver,
    MediaObjectFieldsResolver,
    InventoryAdjustmentReasonFieldsResolver,
    CategoriesListTreeResolver,
    // `addReferencesTo<X>` / `removeReferencesFrom<X>`.
    SkuReferencesResolver,
    SkuGroupReferencesResolver,
    OptionReferencesResolver,
    AttributeReferencesResolver,
    ListReferencesResolver,
    ListTreeReferencesResolver,
    ListTreeNodeReferencesResolver,
    LocationReferencesResolver,
    // Removals of children from their parent (`removePricesFromSku`, …).
    OptionValueRemovalResolver,
    OptionValuePriceRemovalResolver,
    OptionPriceRemovalResolver,
    AttributeValueRemovalResolver,
    SkuPriceRemovalResolver,
    // Relation members: `add<Members>To<X>`, `remove<Members>From<X>`, `update<X>MediaObjects`.
    SkuRelationsResolver,
    SkuGroupRelationsResolver,
    ListRelationsResolver,
    ListTreeRelationsResolver,
    ListTreeNodeRelationsResolver,
    LocationRelationsResolver,
    OptionRelationsResolver,
    AttributeRelationsResolver,
  ],
})
export class CatalogRecordsGraphModule {}
