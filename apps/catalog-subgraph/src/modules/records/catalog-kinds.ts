import type { RecordKind, RelationKind } from './record-kind';

/**
 * Every catalog record kind (docs/catalog.md, "Inventory of fields"). Each gets
 * `<single>(id)`, `<plural>(…)`, `create<Name>`, `update<Name>`, `archive<Name>`.
 */
export const CATALOG_KINDS = [
  {
    kind: 'SKU',
    name: 'Sku',
    typeName: 'SKU',
    single: 'sku',
    plural: 'skus',
    description: 'A stock keeping unit: one sellable variant of a product.',
    hasCode: true,
    federated: true,
    createInput: 'CreateSKUInput',
    references: true,
    batchCreate: 'createSkus',
    deprecatedQueries: { single: 'SKU', plural: 'SKUs' },
    fields: {
      description: { type: 'text', description: 'Long description (plain text or HTML).' },
      price: { type: 'money', description: 'Default selling price, in minor units.' },
      compareAtPrice: { type: 'money', description: 'Price before a discount ("was"), in minor units.' },
      weightGrams: { type: 'int', description: 'Shipping weight in grams.' },
      gtin: { type: 'string', description: 'GTIN / barcode (UPC, EAN, ISBN).', max: 14 },
      taxable: { type: 'boolean', description: 'Whether taxes apply; default true when omitted.' },
    },
  },
  {
    kind: 'SKU_GROUP',
    name: 'SkuGroup',
    typeName: 'SKUGroup',
    single: 'skuGroup',
    plural: 'skuGroups',
    description: 'A product: SKUs that are variants of one thing, with shared options and attributes.',
    references: true,
    deprecatedQueries: { single: 'SKUGroup', plural: 'SKUGroups' },
    fields: {
      description: { type: 'text', description: 'Long description (plain text or HTML).' },
      type: { type: 'string', description: 'PHYSICAL, DIGITAL, SERVICE or the store’s own word.', max: 32 },
      tags: { type: 'stringList', description: 'Free tags, at most 50.', max: 50 },
    },
  },
  {
    kind: 'OPTION',
    name: 'Option',
    typeName: 'Option',
    single: 'option',
    plural: 'options',
    description: 'A choice customers make between SKUs of a group (Size, Color).',
    references: true,
    fields: {
      displayType: {
        type: 'string',
        description: 'How storefronts show it: DROPDOWN, SWATCH, RADIO.',
        max: 32,
      },
    },
  },
  {
    kind: 'OPTION_VALUE',
    name: 'OptionValue',
    typeName: 'OptionValue',
    single: 'optionValue',
    plural: 'optionValues',
    description: 'One value of an option (Small, Red).',
    parent: { field: 'optionId', kind: 'OPTION', description: 'The option this value belongs to.' },
    batchCreate: 'createOptionValues',
    fields: {
      position: { type: 'int', description: 'Order among the option’s values.' },
      swatch: { type: 'string', description: 'Colour or image reference for swatches.', max: 256 },
    },
  },
  {
    kind: 'OPTION_VALUE_PRICE',
    name: 'OptionValuePrice',
    typeName: 'OptionValuePrice',
    single: 'optionValuePrice',
    plural: 'optionValuePrices',
    description: 'A price adjustment for choosing an option value.',
    parent: { field: 'optionValueId', kind: 'OPTION_VALUE', description: 'The option value it prices.' },
    fields: {
      amount: {
        type: 'money',
        description: 'Amount added to the SKU price, in minor units.',
        required: true,
      },
    },
  },
  {
    kind: 'ATTRIBUTE',
    name: 'Attribute',
    typeName: 'Attribute',
    single: 'attribute',
    plural: 'attributes',
    description: 'A descriptive property of SKUs (Material, Brand).',
    references: true,
    fields: {
      type: { type: 'string', description: 'TEXT, NUMBER, BOOLEAN or the store’s own word.', max: 32 },
      filterable: { type: 'boolean', description: 'Storefronts may filter by it.' },
    },
  },
  {
    kind: 'ATTRIBUTE_VALUE',
    name: 'AttributeValue',
    typeName: 'AttributeValue',
    single: 'attributeValue',
    plural: 'attributeValues',
    description: 'One value of an attribute (Cotton).',
    parent: { field: 'attributeId', kind: 'ATTRIBUTE', description: 'The attribute this value belongs to.' },
    createInput: 'CreateAttributeValueInput',
    batchCreate: 'createAttributeValues',
    fields: {
      position: { type: 'int', description: 'Order among the attribute’s values.' },
    },
  },
  {
    kind: 'SKU_PRICE',
    name: 'SkuPrice',
    typeName: 'SKUPrice',
    single: 'skuPrice',
    plural: 'skuPrices',
    description: 'A price of a SKU beyond its default (per channel, per quantity).',
    parent: { field: 'skuId', kind: 'SKU', description: 'The SKU it prices.' },
    fields: {
      amount: { type: 'money', description: 'The price, in minor units.', required: true },
      channelId: { type: 'string', description: 'The channel it applies to; none: every channel.', max: 64 },
      minQuantity: { type: 'int', description: 'Smallest quantity it applies to.' },
    },
  },
  {
    kind: 'LIST',
    name: 'List',
    typeName: 'List',
    single: 'list',
    plural: 'lists',
    description: 'A curated collection of SKUs and SKU groups (a category, a collection).',
    references: true,
    fields: {
      description: { type: 'text', description: 'Long description.' },
    },
  },
  {
    kind: 'LIST_TREE',
    name: 'ListTree',
    typeName: 'ListTree',
    single: 'listTree',
    plural: 'listTrees',
    description: 'A navigation hierarchy of lists.',
    fields: {
      description: { type: 'text', description: 'Long description.' },
    },
  },
  {
    kind: 'LIST_TREE_NODE',
    name: 'ListTreeNode',
    typeName: 'ListTreeNode',
    single: 'listTreeNode',
    plural: 'listTreeNodes',
    description: 'A node of a list tree; its children and lists are relations.',
    parent: { field: 'listTreeId', kind: 'LIST_TREE', description: 'The tree this node belongs to.' },
    fields: {
      position: { type: 'int', description: 'Order among its siblings.' },
    },
  },
  {
    kind: 'LOCATION',
    name: 'Location',
    typeName: 'Location',
    single: 'location',
    plural: 'locations',
    description: 'A place that holds inventory (a warehouse, a shop).',
    references: true,
    fields: {
      addressLine1: { type: 'string', description: 'Street address.', max: 256 },
      city: { type: 'string', description: 'City.', max: 128 },
      postalCode: { type: 'string', description: 'Postal code.', max: 32 },
      countryCode: { type: 'string', description: 'ISO 3166-1 alpha-2 country code.', max: 2 },
      allowNegativeInventory: {
        type: 'boolean',
        description: 'Commits may take available stock below zero (backorders).',
      },
    },
  },
  {
    kind: 'MEDIA_OBJECT',
    name: 'MediaObject',
    typeName: 'MediaObject',
    single: 'mediaObject',
    plural: 'mediaObjects',
    description: 'An image or video shown with SKUs, groups and lists.',
    fields: {
      url: {
        type: 'url',
        description: 'Where the media is served (http or https).',
        required: true,
        max: 2048,
      },
      mimeType: { type: 'string', description: 'image/png, video/mp4, …', max: 128 },
      altText: { type: 'string', description: 'Text alternative for accessibility.', max: 512 },
    },
  },
  {
    kind: 'INVENTORY_ADJUSTMENT_REASON',
    name: 'InventoryAdjustmentReason',
    typeName: 'InventoryAdjustmentReason',
    single: 'inventoryAdjustmentReason',
    plural: 'inventoryAdjustmentReasons',
    description: 'Why stock changed (damaged, recount, return), named on inventory adjustments.',
    inputOnlyMutations: true,
    fields: {
      description: { type: 'text', description: 'Long description.' },
    },
  },
] as const satisfies readonly RecordKind[];

export type CatalogKindName = (typeof CATALOG_KINDS)[number]['kind'];

const channel = { channel: true } as const;

/**
 * Every relation: `add<Plural>To<Owner>(id, input)`, `remove<Plural>From<Owner>(id, input)` (or
 * the public graph's own names for them, given last) and the owner's `<field>` listing the
 * members, oldest link first.
 */
export const CATALOG_RELATIONS: readonly RelationKind[] = [
  rel('SKU', 'ATTRIBUTE_VALUE', 'AttributeValues', 'attributeValues', 'attributeValueIds'),
  rel('SKU', 'OPTION_VALUE', 'OptionValues', 'optionValues', 'optionValueIds'),
  rel('SKU', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
  rel('SKU', channel, 'Channels', 'channelIds', 'channelIds'),
  rel('SKU_GROUP', 'SKU', 'Skus', 'skus', 'skuIds'),
  rel('SKU_GROUP', 'ATTRIBUTE', 'Attributes', 'attributes', 'attributeIds'),
  rel('SKU_GROUP', 'OPTION', 'Options', 'options', 'optionIds'),
  rel('SKU_GROUP', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
  rel('SKU_GROUP', channel, 'Channels', 'channelIds', 'channelIds'),
  rel('SKU_GROUP', 'LIST', 'Lists', 'lists', 'listIds', ['addSkuGroupToLists', 'removeSkuGroupFromLists']),
  rel('LIST', 'SKU', 'Skus', 'skus', 'skuIds'),
  rel('LIST', 'SKU_GROUP', 'SkuGroups', 'skuGroups', 'skuGroupIds'),
  rel('LIST', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
  rel('LIST', channel, 'Channels', 'channelIds', 'channelIds'),
  rel('LIST_TREE', 'LIST_TREE_NODE', 'ListTreeNodes', 'rootNodes', 'listTreeNodeIds'),
  rel('LIST_TREE', channel, 'Channels', 'channelIds', 'channelIds'),
  { ...rel('LIST_TREE_NODE', 'LIST', 'Lists', 'lists', 'listIds'), filtersOwners: true },
  rel('LIST_TREE_NODE', 'LIST_TREE_NODE', 'ListTreeNodes', 'children', 'listTreeNodeIds', [
    'addListTreeNodesToParentListTreeNode',
    'removeListTreeNodesFromParentListTreeNode',
  ]),
  rel('LOCATION', channel, 'Channels', 'channelIds', 'channelIds'),
  rel('OPTION', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
  rel('ATTRIBUTE', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
];

function rel(
  owner: CatalogKindName,
  member: CatalogKindName | typeof channel,
  plural: string,
  field: string,
  idsField: string,
  names?: readonly [add: string, remove: string],
): RelationKind {
  const memberName = typeof member === 'string' ? member : 'CHANNEL';
  return {
    relation: `${owner}:${memberName}`,
    owner,
    member: typeof member === 'string' ? { kind: member } : member,
    plural,
    field,
    idsField,
    ...(names ? { addName: names[0], removeName: names[1] } : {}),
  };
}

export function kindOf(kind: string): RecordKind {
  const found = (CATALOG_KINDS as readonly RecordKind[]).find((k) => k.kind === kind);
  if (!found) throw new Error(`unknown catalog kind ${kind}`);
  return found;
}
