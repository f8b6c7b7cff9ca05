import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/**
 * `extensions.code` of the catalog records' errors (HTTP 200, in errors[]): `<KIND>_NOT_FOUND`
 * (SKU_NOT_FOUND, SKU_GROUP_NOT_FOUND, …) and `<KIND>_ARCHIVED` for every kind of record-kinds.ts,
 * plus the fixed codes below (docs/catalog.md, "Errors"). Inventory and bulk operations use these
 * for the records they touch; their own errors are beside them.
 */
export const RecordErrorCode = {
  SKU_CODE_TAKEN: 'SKU_CODE_TAKEN',
  RELATION_CYCLE: 'RELATION_CYCLE',
  INVALID_CHANNEL_ID: 'INVALID_CHANNEL_ID',
  DUPLICATE_ID: 'DUPLICATE_ID',
  SKU_HAS_INVENTORY_AT_LOCATION: 'SKU_HAS_INVENTORY_AT_LOCATION',
} as const;

export const RecordErrors = {
  /** Also for records of other stores: a store never learns another store's ids exist. */
  notFound(kind: string, id: string): PlatformError {
    return SubgraphErrors.notFound(`${kind}_NOT_FOUND`, `no ${kind.toLowerCase()} ${id} in this store`);
  },
  archived(kind: string, id: string): PlatformError {
    return SubgraphErrors.conflict(
      `${kind}_ARCHIVED`,
      `${kind.toLowerCase()} ${id} is archived and can no longer change`,
    );
  },
  codeTaken(kind: string, code: string): PlatformError {
    return SubgraphErrors.conflict(
      `${kind}_CODE_TAKEN`,
      `a ${kind.toLowerCase()} with code "${code}" already exists in this store`,
    );
  },
  cycle(ownerId: string, memberId: string): PlatformError {
    return SubgraphErrors.conflict(
      RecordErrorCode.RELATION_CYCLE,
      `${memberId} is ${ownerId} or one of its ancestors: a tree has no cycles`,
    );
  },
  /** Not a child of that parent: `<KIND>_NOT_FOUND`, as for an id of no record. */
  notChildOf(kind: string, id: string, parentKind: string, parentId: string): PlatformError {
    return SubgraphErrors.notFound(
      `${kind}_NOT_FOUND`,
      `no ${kind.toLowerCase()} ${id} of ${parentKind.toLowerCase()} ${parentId} in this store`,
    );
  },
  /** An ordered id list (a replacement) names one id twice. */
  duplicateId(field: string, id: string): PlatformError {
    return SubgraphErrors.badField(
      ['input', field],
      RecordErrorCode.DUPLICATE_ID,
      `${field} names ${id} more than once`,
      id,
    );
  },
  /** removeSkusFromLocation of a SKU that still has units on hand or committed there. */
  skuHasInventory(locationId: string, skuId: string): PlatformError {
    return SubgraphErrors.conflict(
      RecordErrorCode.SKU_HAS_INVENTORY_AT_LOCATION,
      `sku ${skuId} still has units on hand or committed at location ${locationId}`,
    );
  },
  invalidChannelId(field: string, id: string): PlatformError {
    return SubgraphErrors.badField(
      [field],
      RecordErrorCode.INVALID_CHANNEL_ID,
      `channel id ${id} is not a uuid`,
      id,
    );
  },
};
