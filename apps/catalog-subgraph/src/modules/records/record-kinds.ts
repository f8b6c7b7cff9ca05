import type { RecordKind, RelationKind } from './record-kind';

/**
 * The catalog's record kinds as the services store them (docs/catalog.md, "Inventory of fields"):
 * the kind stored in records.kind, its own fields kept in `data`, its parent, whether it has a
 * code, the orders its lists offer beyond createdAt, updatedAt, name and id. The GraphQL side of
 * each kind is its feature folder (modules/skus/sku.model.ts, sku.input.ts, sku.resolver.ts…).
 */

export const SKU_KIND = {
  kind: 'SKU',
  hasCode: true,
  orderBy: ['label', 'price'],
  fields: {
    description: { type: 'text' },
    htmlDescription: { type: 'text' },
    shortLabel: { type: 'string' },
    price: { type: 'money' },
    compareAtPrice: { type: 'money' },
    weightGrams: { type: 'int' },
    gtin: { type: 'string' },
    eanCode: { type: 'string', filterable: true },
    gtinCode: { type: 'string', filterable: true },
    isbnCode: { type: 'string', filterable: true },
    upcCode: { type: 'string', filterable: true },
    weight: { type: 'float' },
    unitOfWeight: { type: 'string' },
    taxable: { type: 'boolean' },
  },
} as const satisfies RecordKind;

export const SKU_GROUP_KIND = {
  kind: 'SKU_GROUP',
  orderBy: ['label', 'lowestPrice', 'saleCount'],
  fields: {
    description: { type: 'text' },
    htmlDescription: { type: 'text' },
    shortLabel: { type: 'string' },
    type: { type: 'string', filterable: true },
    tags: { type: 'stringList' },
  },
} as const satisfies RecordKind;

export const OPTION_KIND = {
  kind: 'OPTION',
  orderBy: ['label', 'position', 'price'],
  fields: {
    validation: { type: 'minMax' },
    description: { type: 'text' },
    htmlDescription: { type: 'text' },
    position: { type: 'int' },
    displayType: { type: 'string' },
  },
} as const satisfies RecordKind;

export const OPTION_VALUE_KIND = {
  kind: 'OPTION_VALUE',
  parent: { field: 'optionId', kind: 'OPTION' },
  orderBy: ['position', 'price'],
  fields: {
    position: { type: 'int' },
    swatch: { type: 'string' },
  },
} as const satisfies RecordKind;

export const OPTION_VALUE_PRICE_KIND = {
  kind: 'OPTION_VALUE_PRICE',
  parent: { field: 'optionValueId', kind: 'OPTION_VALUE' },
  fields: {
    amount: { type: 'money' },
    compareAtValue: { type: 'money' },
  },
} as const satisfies RecordKind;

export const OPTION_PRICE_KIND = {
  kind: 'OPTION_PRICE',
  parent: { field: 'optionId', kind: 'OPTION' },
  fields: {
    amount: { type: 'money' },
    compareAtValue: { type: 'money' },
  },
} as const satisfies RecordKind;

export const ATTRIBUTE_KIND = {
  kind: 'ATTRIBUTE',
  orderBy: ['label', 'position', 'skuGroupId'],
  fields: {
    description: { type: 'text' },
    htmlDescription: { type: 'text' },
    position: { type: 'int' },
    type: { type: 'string' },
    filterable: { type: 'boolean' },
  },
} as const satisfies RecordKind;

export const ATTRIBUTE_VALUE_KIND = {
  kind: 'ATTRIBUTE_VALUE',
  parent: { field: 'attributeId', kind: 'ATTRIBUTE' },
  orderBy: ['attributeId', 'position'],
  fields: {
    position: { type: 'int' },
  },
} as const satisfies RecordKind;

export const SKU_PRICE_KIND = {
  kind: 'SKU_PRICE',
  parent: { field: 'skuId', kind: 'SKU' },
  fields: {
    amount: { type: 'money' },
    compareAtValue: { type: 'money' },
    channelId: { type: 'string' },
    minQuantity: { type: 'int' },
  },
} as const satisfies RecordKind;

export const LIST_KIND = {
  kind: 'LIST',
  orderBy: ['label'],
  fields: {
    description: { type: 'text' },
    htmlDescription: { type: 'text' },
  },
} as const satisfies RecordKind;

export const LIST_TREE_KIND = {
  kind: 'LIST_TREE',
  fields: {
    description: { type: 'text' },
    htmlDescription: { type: 'text' },
  },
} as const satisfies RecordKind;

export const LIST_TREE_NODE_KIND = {
  kind: 'LIST_TREE_NODE',
  parent: { field: 'listTreeId', kind: 'LIST_TREE' },
  orderBy: ['position'],
  fields: {
    position: { type: 'int' },
  },
} as const satisfies RecordKind;

export const LOCATION_KIND = {
  kind: 'LOCATION',
  fields: {
    addressLine1: { type: 'string' },
    city: { type: 'string' },
    postalCode: { type: 'string' },
    countryCode: { type: 'string' },
    allowNegativeInventory: { type: 'boolean' },
  },
} as const satisfies RecordKind;

export const MEDIA_OBJECT_KIND = {
  kind: 'MEDIA_OBJECT',
  fields: {
    url: { type: 'url' },
    mimeType: { type: 'string' },
    altText: { type: 'string' },
    type: { type: 'string' },
    position: { type: 'int' },
  },
} as const satisfies RecordKind;

export const INVENTORY_ADJUSTMENT_REASON_KIND = {
  kind: 'INVENTORY_ADJUSTMENT_REASON',
  fields: {
    description: { type: 'text' },
  },
} as const satisfies RecordKind;

export const CATALOG_KINDS: readonly RecordKind[] = [
  SKU_KIND,
  SKU_GROUP_KIND,
  OPTION_KIND,
  OPTION_VALUE_KIND,
  OPTION_VALUE_PRICE_KIND,
  OPTION_PRICE_KIND,
  ATTRIBUTE_KIND,
  ATTRIBUTE_VALUE_KIND,
  SKU_PRICE_KIND,
  LIST_KIND,
  LIST_TREE_KIND,
  LIST_TREE_NODE_KIND,
  LOCATION_KIND,
  MEDIA_OBJECT_KIND,
  INVENTORY_ADJUSTMENT_REASON_KIND,
];

export type CatalogKindName = (typeof CATALOG_KINDS)[number]['kind'];

const channel = { channel: true } as const;

/**
 * Every relation (links.relation = `<owner>:<member>`): its members are records of a kind, or
 * commerce channels (opaque ids); `idsField` names the ids in its mutations' input, for errors.
 * `filtersOwners`: the owner's list filters by member (`listTreeNodes(listId)`), as channel
 * relations always do.
 */
export const CATALOG_RELATIONS: readonly RelationKind[] = [
  rel('SKU', 'ATTRIBUTE_VALUE', 'attributeValueIds'),
  rel('SKU', 'OPTION_VALUE', 'optionValueIds'),
  rel('SKU', 'MEDIA_OBJECT', 'mediaObjectIds'),
  rel('SKU', channel, 'channelIds'),
  rel('SKU_GROUP', 'SKU', 'skuIds'),
  rel('SKU_GROUP', 'ATTRIBUTE', 'attributeIds'),
  rel('SKU_GROUP', 'OPTION', 'optionIds'),
  rel('SKU_GROUP', 'MEDIA_OBJECT', 'mediaObjectIds'),
  rel('SKU_GROUP', channel, 'channelIds'),
  rel('SKU_GROUP', 'LIST', 'listIds'),
  rel('LIST', 'SKU', 'skuIds'),
  rel('LIST', 'SKU_GROUP', 'skuGroupIds'),
  rel('LIST', 'MEDIA_OBJECT', 'mediaObjectIds'),
  rel('LIST', channel, 'channelIds'),
  rel('LIST_TREE', 'LIST_TREE_NODE', 'listTreeNodeIds'),
  rel('LIST_TREE', channel, 'channelIds'),
  rel('LIST_TREE_NODE', 'LIST', 'listIds', { filtersOwners: true }),
  rel('LIST_TREE_NODE', 'LIST_TREE_NODE', 'listTreeNodeIds'),
  rel('LOCATION', channel, 'channelIds'),
  rel('LOCATION', 'SKU', 'skuIds', { filtersOwners: true }),
  rel('OPTION', 'MEDIA_OBJECT', 'mediaObjectIds'),
  rel('ATTRIBUTE', 'MEDIA_OBJECT', 'mediaObjectIds'),
];

function rel(
  owner: string,
  member: string | typeof channel,
  idsField: string,
  options: { filtersOwners?: boolean } = {},
): RelationKind {
  return {
    relation: `${owner}:${typeof member === 'string' ? member : 'CHANNEL'}`,
    owner,
    member: typeof member === 'string' ? { kind: member } : member,
    idsField,
    ...options,
  };
}

export function kindOf(kind: string): RecordKind {
  const found = CATALOG_KINDS.find((k) => k.kind === kind);
  if (!found) throw new Error(`unknown catalog kind ${kind}`);
  return found;
}

export function relationOf(key: string): RelationKind {
  const relation = CATALOG_RELATIONS.find((r) => r.relation === key);
  if (!relation) throw new Error(`unknown catalog relation ${key}`);
  return relation;
}
