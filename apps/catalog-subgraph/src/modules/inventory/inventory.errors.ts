import { PlatformError, assertNever } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';
import type { InventoryRefusal } from './inventory-rules';

/**
 * `extensions.code` of inventory's own errors (HTTP 200, in errors[]). Unknown SKUs, locations
 * and reasons answer the records' SKU_NOT_FOUND, LOCATION_NOT_FOUND,
 * INVENTORY_ADJUSTMENT_REASON_NOT_FOUND.
 */
export const InventoryErrorCode = {
  /** commitInventory or a downward adjustInventory wants more than is available. */
  INSUFFICIENT_INVENTORY: 'INSUFFICIENT_INVENTORY',
  /** A count would leave the 32-bit integer range. */
  INVENTORY_OUT_OF_RANGE: 'INVENTORY_OUT_OF_RANGE',
  INVENTORY_ADJUSTMENT_NOT_FOUND: 'INVENTORY_ADJUSTMENT_NOT_FOUND',
  RESERVATION_NOT_FOUND: 'RESERVATION_NOT_FOUND',
  /** releaseInventory of a reservation already released, expired or fulfilled. */
  RESERVATION_NOT_ACTIVE: 'RESERVATION_NOT_ACTIVE',
} as const;
export type InventoryErrorCode = (typeof InventoryErrorCode)[keyof typeof InventoryErrorCode];

export const InventoryErrors = {
  refused(refusal: InventoryRefusal, skuId: string, locationId: string): PlatformError {
    switch (refusal) {
      case 'INSUFFICIENT_INVENTORY':
        return SubgraphErrors.conflict(
          InventoryErrorCode.INSUFFICIENT_INVENTORY,
          `not enough inventory of sku ${skuId} available at location ${locationId}`,
        );
      case 'INVENTORY_OUT_OF_RANGE':
        return SubgraphErrors.conflict(
          InventoryErrorCode.INVENTORY_OUT_OF_RANGE,
          `the inventory of sku ${skuId} at location ${locationId} would exceed 2147483647 units`,
        );
      default:
        return assertNever(refusal);
    }
  },
  /** Also for another store's adjustments. */
  adjustmentNotFound(id: string): PlatformError {
    return SubgraphErrors.notFound(
      InventoryErrorCode.INVENTORY_ADJUSTMENT_NOT_FOUND,
      `no inventory adjustment ${id} in this store`,
    );
  },
  /** Also for another store's reservations. */
  reservationNotFound(id: string): PlatformError {
    return SubgraphErrors.notFound(
      InventoryErrorCode.RESERVATION_NOT_FOUND,
      `no reservation ${id} in this store`,
    );
  },
  reservationNotActive(id: string, status: string): PlatformError {
    return SubgraphErrors.conflict(
      InventoryErrorCode.RESERVATION_NOT_ACTIVE,
      `reservation ${id} is ${status.toLowerCase()}, only an active reservation can be released`,
    );
  },
};
