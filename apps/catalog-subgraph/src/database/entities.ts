import { CatalogBulkChunkEntity } from '../modules/bulk/bulk-chunk.entity';
import { CatalogBulkOperationEntity } from '../modules/bulk/bulk-operation.entity';
import { InventoryAdjustmentEntity } from '../modules/inventory/inventory-adjustment.entity';
import { InventoryCountEntity } from '../modules/inventory/inventory-count.entity';
import { InventoryReservationEntity } from '../modules/inventory/inventory-reservation.entity';
import { InventoryTypeCountEntity } from '../modules/inventory/inventory-type-count.entity';
import { CatalogLinkEntity } from '../modules/records/catalog-link.entity';
import { CatalogRecordEntity } from '../modules/records/catalog-record.entity';
import { CatalogReferenceEntity } from '../modules/records/catalog-reference.entity';
import { ShoppingReservationEntity } from '../modules/shopping-products/shopping-reservation.entity';

/** Every entity of schema `catalog` (explicit list, no globs). Keep it sorted. */
export const CATALOG_ENTITIES = [
  CatalogBulkChunkEntity,
  CatalogBulkOperationEntity,
  CatalogLinkEntity,
  CatalogRecordEntity,
  CatalogReferenceEntity,
  InventoryAdjustmentEntity,
  InventoryCountEntity,
  InventoryReservationEntity,
  InventoryTypeCountEntity,
  ShoppingReservationEntity,
];
