import { CreateCatalogSchema1797000000000 } from './1797000000000-create-catalog-schema';
import { CreateInventory1797000000100 } from './1797000000100-create-inventory';
import { CreateBulkOperations1797000000200 } from './1797000000200-create-bulk-operations';
import { NamePrefixIndex1797000000300 } from './1797000000300-name-prefix-index';
import { InventoryTypeCountsAndLocationSkus1797000000400 } from './1797000000400-inventory-type-counts-and-location-skus';
import { ShoppingProducts1797000000500 } from './1797000000500-shopping-products';

/** Every migration of schema `catalog`, oldest first. Append new ones at the end. */
export const CATALOG_MIGRATIONS = [
  CreateCatalogSchema1797000000000,
  CreateInventory1797000000100,
  CreateBulkOperations1797000000200,
  NamePrefixIndex1797000000300,
  InventoryTypeCountsAndLocationSkus1797000000400,
  ShoppingProducts1797000000500,
];
