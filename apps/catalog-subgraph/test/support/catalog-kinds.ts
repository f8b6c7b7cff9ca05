import type { RecordKind, RelationKind } from './catalog-kind';

/**
 * The fields of a price adjustment for choosing an option (OptionPrice) or one of its values
 * (OptionValuePrice).
 */
const PRICE_ADJUSTMENT_FIELDS = {
  amount: {
    type: 'money',
    description: 'Amount added to the SKU price, in minor units.',
    required: true,
  },
  compareAtValue: { type: 'money', description: 'The amount before a discount ("was"), in minor units.' },
} as const;

/**
 * Every catalog record kind as the suites expect to find it (docs/catalog.md, "Inventory of
 * fields"). Each has `<single>(id)`, `<plural>(…)`, `create<Name>`, `update<Name>`, `archive<Name>`.
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
    orderBy: ['label', 'price'],
    fields: {
      description: { type: 'text', description: 'Long description (plain text or HTML).' },
      htmlDescription: {
        type: 'text',
        description: 'Long description as HTML.',
        deprecatedAlias: 'HTMLDescription',
      },
      shortLabel: { type: 'string', description: 'A short label for tight spaces.', max: 128 },
      price: { type: 'money', description: 'Default selling price, in minor units.' },
      compareAtPrice: { type: 'money', description: 'Price before a discount ("was"), in minor units.' },
      weightGrams: { type: 'int', description: 'Shipping weight in grams.' },
      gtin: { type: 'string', description: 'GTIN / barcode (UPC, EAN, ISBN).', max: 14 },
      eanCode: { type: 'string', description: 'EAN barcode.', max: 32, filterInput: 'SKUEanCodeFilter' },
      gtinCode: { type: 'string', description: 'GTIN barcode.', max: 32, filterInput: 'SKUGtinCodeFilter' },
      isbnCode: { type: 'string', description: 'ISBN.', max: 32, filterInput: 'SKUIsbnCodeFilter' },
      upcCode: { type: 'string', description: 'UPC barcode.', max: 32, filterInput: 'SKUUpcCodeFilter' },
      weight: { type: 'float', description: 'Shipping weight, in unitOfWeight.' },
      unitOfWeight: { type: 'string', description: 'Unit of weight: g, kg, lb, oz.', max: 16 },
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
    orderBy: ['label', 'lowestPrice', 'saleCount'],
    fields: {
      description: { type: 'text', description: 'Long description (plain text or HTML).' },
      htmlDescription: {
        type: 'text',
        description: 'Long description as HTML.',
        deprecatedAlias: 'HTMLDescription',
      },
      shortLabel: { type: 'string', description: 'A short label for tight spaces.', max: 128 },
      type: {
        type: 'string',
        description: 'PHYSICAL, DIGITAL, SERVICE or the store’s own word.',
        max: 32,
        filterInput: 'SKUGroupTypeFilter',
      },
      tags: { type: 'stringList', description: 'Free tags, at most 50.', max: 50 },
    },
  },
  {
    kind: 'OPTION',
    name: 'Option',
    typeName: 'Option',
    // Ours are all list options (values to choose from): the public union's other members exist for
    // clients' fragments and are never returned (docs/graphql.md, "Catalog storefront shapes").
    modelName: 'ListOption',
    union: { name: 'Option', siblings: ['NumericOption', 'TextOption'] },
    single: 'option',
    plural: 'options',
    description: 'A choice customers make between SKUs of a group (Size, Color).',
    references: true,
    orderBy: ['label', 'position', 'price'],
    outputAliases: { type: 'displayType' },
    fields: {
      validation: { type: 'minMax', description: 'How many values a customer may choose: min and max.' },
      description: { type: 'text', description: 'Long description (plain text or HTML).' },
      htmlDescription: {
        type: 'text',
        description: 'Long description as HTML.',
        deprecatedAlias: 'HTMLDescription',
      },
      position: { type: 'int', description: 'Order among the group’s options.' },
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
    parent: {
      field: 'optionId',
      kind: 'OPTION',
      description: 'The option this value belongs to.',
      childrenField: 'values',
    },
    orderBy: ['position', 'price'],
    // The public graph's options are ListOption (values to choose from), NumericOption, TextOption:
    // ours are all list options (docs/catalog.md, "Option prices and removals").
    removeFromParent: {
      name: 'removeOptionValuesFromListOption',
      idsField: 'optionValueIds',
      returnsModel: true,
    },
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
    parent: {
      field: 'optionValueId',
      kind: 'OPTION_VALUE',
      description: 'The option value it prices.',
      childrenField: 'prices',
    },
    outputAliases: { value: 'amount' },
    removeFromParent: { name: 'removePricesFromOptionValue', idsField: 'priceIds' },
    fields: PRICE_ADJUSTMENT_FIELDS,
  },
  {
    kind: 'OPTION_PRICE',
    name: 'OptionPrice',
    typeName: 'OptionPrice',
    single: 'optionPrice',
    plural: 'optionPrices',
    description:
      'A flat price adjustment for choosing any value of an option; a price of the chosen value wins over it.',
    parent: {
      field: 'optionId',
      kind: 'OPTION',
      description: 'The option it prices.',
      childrenField: 'prices',
    },
    outputAliases: { value: 'amount' },
    removeFromParent: { name: 'removePricesFromOption', idsField: 'priceIds' },
    fields: PRICE_ADJUSTMENT_FIELDS,
  },
  {
    kind: 'ATTRIBUTE',
    name: 'Attribute',
    typeName: 'Attribute',
    single: 'attribute',
    plural: 'attributes',
    description: 'A descriptive property of SKUs (Material, Brand).',
    references: true,
    orderBy: ['label', 'position', 'skuGroupId'],
    fields: {
      description: { type: 'text', description: 'Long description (plain text or HTML).' },
      htmlDescription: {
        type: 'text',
        description: 'Long description as HTML.',
        deprecatedAlias: 'HTMLDescription',
      },
      position: { type: 'int', description: 'Order among the group’s attributes.' },
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
    parent: {
      field: 'attributeId',
      kind: 'ATTRIBUTE',
      description: 'The attribute this value belongs to.',
      childrenField: 'values',
    },
    orderBy: ['attributeId', 'position'],
    removeFromParent: { name: 'removeAttributeValuesFromAttribute', idsField: 'attributeValueIds' },
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
    parent: {
      field: 'skuId',
      kind: 'SKU',
      description: 'The SKU it prices.',
      childrenField: 'prices',
      deprecatedField: 'SKU',
    },
    outputAliases: { value: 'amount' },
    removeFromParent: { name: 'removePricesFromSku', idsField: 'priceIds' },
    fields: {
      amount: { type: 'money', description: 'The price, in minor units.', required: true },
      compareAtValue: { type: 'money', description: 'The price before a discount ("was"), in minor units.' },
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
    orderBy: ['label'],
    fields: {
      description: { type: 'text', description: 'Long description.' },
      htmlDescription: {
        type: 'text',
        description: 'Long description as HTML.',
        deprecatedAlias: 'HTMLDescription',
      },
    },
  },
  {
    kind: 'LIST_TREE',
    name: 'ListTree',
    typeName: 'ListTree',
    single: 'listTree',
    plural: 'listTrees',
    description: 'A navigation hierarchy of lists.',
    references: true,
    fields: {
      description: { type: 'text', description: 'Long description.' },
      htmlDescription: {
        type: 'text',
        description: 'Long description as HTML.',
        deprecatedAlias: 'HTMLDescription',
      },
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
    orderBy: ['position'],
    references: true,
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
      type: { type: 'string', description: 'IMAGE, VIDEO or the store’s own word.', max: 32 },
      position: { type: 'int', description: 'Order among the media of what shows it.' },
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
  {
    ...rel('SKU', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
    replaceName: 'updateSkuMediaObjects',
  },
  rel('SKU', channel, 'Channels', 'channelIds', 'channelIds'),
  {
    ...rel('SKU_GROUP', 'SKU', 'Skus', 'skus', 'skuIds'),
    ownerField: 'skuGroup',
    deprecatedFields: { field: 'SKUs', ownerField: 'SKUGroup' },
  },
  {
    ...rel('SKU_GROUP', 'ATTRIBUTE', 'Attributes', 'attributes', 'attributeIds'),
    ownerField: 'skuGroup',
    deprecatedFields: { ownerField: 'SKUGroup' },
  },
  { ...rel('SKU_GROUP', 'OPTION', 'Options', 'options', 'optionIds'), ownerIdField: 'skuGroupId' },
  {
    ...rel('SKU_GROUP', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
    replaceName: 'updateSkuGroupMediaObjects',
  },
  rel('SKU_GROUP', channel, 'Channels', 'channelIds', 'channelIds'),
  {
    ...rel('SKU_GROUP', 'LIST', 'Lists', 'lists', 'listIds', [
      'addSkuGroupToLists',
      'removeSkuGroupFromLists',
    ]),
    idFilterInput: 'ListIdFilter',
  },
  rel('LIST', 'SKU', 'Skus', 'skus', 'skuIds'),
  {
    ...rel('LIST', 'SKU_GROUP', 'SkuGroups', 'skuGroups', 'skuGroupIds'),
    deprecatedFields: { field: 'SKUGroups' },
  },
  {
    ...rel('LIST', 'MEDIA_OBJECT', 'MediaObjects', 'mediaObjects', 'mediaObjectIds'),
    replaceName: 'updateListMediaObjects',
  },
  rel('LIST', channel, 'Channels', 'channelIds', 'channelIds'),
  rel('LIST_TREE', 'LIST_TREE_NODE', 'ListTreeNodes', 'rootNodes', 'listTreeNodeIds'),
  rel('LIST_TREE', channel, 'Channels', 'channelIds', 'channelIds'),
  {
    ...rel('LIST_TREE_NODE', 'LIST', 'Lists', 'lists', 'listIds'),
    filtersOwners: true,
    firstMemberField: 'list',
  },
  {
    ...rel('LIST_TREE_NODE', 'LIST_TREE_NODE', 'ListTreeNodes', 'listTreeNodes', 'listTreeNodeIds', [
      'addListTreeNodesToParentListTreeNode',
      'removeListTreeNodesFromParentListTreeNode',
    ]),
    ownerField: 'parentListTreeNode',
  },
  rel('LOCATION', channel, 'Channels', 'channelIds', 'channelIds'),
  // The SKUs a location carries; inventory changes add theirs (docs/catalog.md, "SKUs of a location").
  { ...rel('LOCATION', 'SKU', 'Skus', 'skus', 'skuIds'), filtersOwners: true },
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

/** The create input's GraphQL name: the kind's own, else `MutationCreate<Name>Input` (the public graph's). */
export function createInputName(def: RecordKind): string {
  return def.createInput ?? `MutationCreate${def.name}Input`;
}

/** The add and remove mutations of a relation (and its replace, if any), as the public graph spells them. */
export function relationMutationNames(relation: RelationKind): {
  add: string;
  remove: string;
  replace?: string;
} {
  const owner = kindOf(relation.owner).name;
  return {
    add: relation.addName ?? `add${relation.plural}To${owner}`,
    remove: relation.removeName ?? `remove${relation.plural}From${owner}`,
    ...(relation.replaceName ? { replace: relation.replaceName } : {}),
  };
}
