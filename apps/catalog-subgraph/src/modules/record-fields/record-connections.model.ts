import { Type } from '@nestjs/common';
import { createConnectionType } from '@platform/graphql-subgraph';
import { AttributeValue } from '../attributes/attribute-value.model';
import { Attribute } from '../attributes/attribute.model';
import { ListTreeNode } from '../lists/list-tree-node.model';
import { List } from '../lists/list.model';
import { MediaObject } from '../media-objects/media-object.model';
import { OptionPrice } from '../options/option-price.model';
import { OptionValuePrice } from '../options/option-value-price.model';
import { OptionValue } from '../options/option-value.model';
import { ListOption, Option } from '../options/option.model';
import { CatalogReference } from '../records/catalog-reference.model';
import { Metafield } from '../records/metafield.model';
import { SKUGroup } from '../sku-groups/sku-group.model';
import { SKUPrice } from '../skus/sku-price.model';
import { SKU } from '../skus/sku.model';

/**
 * The connection types of record fields (relation members, children, parents, metafields, references),
 * declared in the order of the committed schema.graphql: graphql-js prints object types in the order
 * their classes are declared (catalog-object-types.ts).
 */
const COUNTED = { totalCount: true };

export const SKUAttributeValuesConnection = createConnectionType(
  AttributeValue,
  'SKUAttributeValuesConnection',
  COUNTED,
);
export const SKUOptionValuesConnection = createConnectionType(
  OptionValue,
  'SKUOptionValuesConnection',
  COUNTED,
);
export const SKUMediaObjectsConnection = createConnectionType(
  MediaObject,
  'SKUMediaObjectsConnection',
  COUNTED,
);
export const SKUGroupSkusConnection = createConnectionType(SKU, 'SKUGroupSkusConnection', COUNTED);
export const SKUGroupSKUsConnection = createConnectionType(SKU, 'SKUGroupSKUsConnection', COUNTED);
export const SKUGroupAttributesConnection = createConnectionType(
  Attribute,
  'SKUGroupAttributesConnection',
  COUNTED,
);
export const SKUGroupOptionsConnection = createConnectionType(
  Option as unknown as Type<ListOption>,
  'SKUGroupOptionsConnection',
  COUNTED,
);
export const SKUGroupMediaObjectsConnection = createConnectionType(
  MediaObject,
  'SKUGroupMediaObjectsConnection',
  COUNTED,
);
export const SKUGroupListsConnection = createConnectionType(List, 'SKUGroupListsConnection', COUNTED);
export const ListSkusConnection = createConnectionType(SKU, 'ListSkusConnection', COUNTED);
export const ListSkuGroupsConnection = createConnectionType(SKUGroup, 'ListSkuGroupsConnection', COUNTED);
export const ListSKUGroupsConnection = createConnectionType(SKUGroup, 'ListSKUGroupsConnection', COUNTED);
export const ListMediaObjectsConnection = createConnectionType(
  MediaObject,
  'ListMediaObjectsConnection',
  COUNTED,
);
export const ListTreeRootNodesConnection = createConnectionType(
  ListTreeNode,
  'ListTreeRootNodesConnection',
  COUNTED,
);
export const ListTreeNodeListsConnection = createConnectionType(List, 'ListTreeNodeListsConnection', COUNTED);
export const ListTreeNodeListTreeNodesConnection = createConnectionType(
  ListTreeNode,
  'ListTreeNodeListTreeNodesConnection',
  COUNTED,
);
export const LocationSkusConnection = createConnectionType(SKU, 'LocationSkusConnection', COUNTED);
export const OptionMediaObjectsConnection = createConnectionType(
  MediaObject,
  'OptionMediaObjectsConnection',
  COUNTED,
);
export const AttributeMediaObjectsConnection = createConnectionType(
  MediaObject,
  'AttributeMediaObjectsConnection',
  COUNTED,
);
export const SKUMetafieldsConnection = createConnectionType(Metafield, 'SKUMetafieldsConnection', COUNTED);
export const SKUReferencesConnection = createConnectionType(
  CatalogReference,
  'SKUReferencesConnection',
  COUNTED,
);
export const SKUGroupMetafieldsConnection = createConnectionType(
  Metafield,
  'SKUGroupMetafieldsConnection',
  COUNTED,
);
export const SKUGroupReferencesConnection = createConnectionType(
  CatalogReference,
  'SKUGroupReferencesConnection',
  COUNTED,
);
export const ListOptionMetafieldsConnection = createConnectionType(
  Metafield,
  'ListOptionMetafieldsConnection',
  COUNTED,
);
export const ListOptionReferencesConnection = createConnectionType(
  CatalogReference,
  'ListOptionReferencesConnection',
  COUNTED,
);
export const OptionValueMetafieldsConnection = createConnectionType(
  Metafield,
  'OptionValueMetafieldsConnection',
  COUNTED,
);
export const OptionValuesConnection = createConnectionType(OptionValue, 'OptionValuesConnection', COUNTED);
export const OptionValuePriceMetafieldsConnection = createConnectionType(
  Metafield,
  'OptionValuePriceMetafieldsConnection',
  COUNTED,
);
export const OptionValuePricesConnection = createConnectionType(
  OptionValuePrice,
  'OptionValuePricesConnection',
  COUNTED,
);
export const OptionPriceMetafieldsConnection = createConnectionType(
  Metafield,
  'OptionPriceMetafieldsConnection',
  COUNTED,
);
export const OptionPricesConnection = createConnectionType(OptionPrice, 'OptionPricesConnection', COUNTED);
export const AttributeMetafieldsConnection = createConnectionType(
  Metafield,
  'AttributeMetafieldsConnection',
  COUNTED,
);
export const AttributeReferencesConnection = createConnectionType(
  CatalogReference,
  'AttributeReferencesConnection',
  COUNTED,
);
export const AttributeValueMetafieldsConnection = createConnectionType(
  Metafield,
  'AttributeValueMetafieldsConnection',
  COUNTED,
);
export const AttributeValuesConnection = createConnectionType(
  AttributeValue,
  'AttributeValuesConnection',
  COUNTED,
);
export const SKUPriceMetafieldsConnection = createConnectionType(
  Metafield,
  'SKUPriceMetafieldsConnection',
  COUNTED,
);
export const SKUPricesConnection = createConnectionType(SKUPrice, 'SKUPricesConnection', COUNTED);
export const ListMetafieldsConnection = createConnectionType(Metafield, 'ListMetafieldsConnection', COUNTED);
export const ListReferencesConnection = createConnectionType(
  CatalogReference,
  'ListReferencesConnection',
  COUNTED,
);
export const ListTreeMetafieldsConnection = createConnectionType(
  Metafield,
  'ListTreeMetafieldsConnection',
  COUNTED,
);
export const ListTreeReferencesConnection = createConnectionType(
  CatalogReference,
  'ListTreeReferencesConnection',
  COUNTED,
);
export const ListTreeNodeMetafieldsConnection = createConnectionType(
  Metafield,
  'ListTreeNodeMetafieldsConnection',
  COUNTED,
);
export const ListTreeNodeReferencesConnection = createConnectionType(
  CatalogReference,
  'ListTreeNodeReferencesConnection',
  COUNTED,
);
export const ListTreeListTreeNodesConnection = createConnectionType(
  ListTreeNode,
  'ListTreeListTreeNodesConnection',
  COUNTED,
);
export const LocationMetafieldsConnection = createConnectionType(
  Metafield,
  'LocationMetafieldsConnection',
  COUNTED,
);
export const LocationReferencesConnection = createConnectionType(
  CatalogReference,
  'LocationReferencesConnection',
  COUNTED,
);
export const MediaObjectMetafieldsConnection = createConnectionType(
  Metafield,
  'MediaObjectMetafieldsConnection',
  COUNTED,
);
export const InventoryAdjustmentReasonMetafieldsConnection = createConnectionType(
  Metafield,
  'InventoryAdjustmentReasonMetafieldsConnection',
  COUNTED,
);
export const SKUAttributesConnection = createConnectionType(Attribute, 'SKUAttributesConnection', COUNTED);
