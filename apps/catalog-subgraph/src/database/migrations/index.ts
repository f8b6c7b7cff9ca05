import { CreateCatalogSchema1797000000000 } from './1797000000000-create-catalog-schema';

/** Every migration of schema `catalog`, oldest first. Append new ones at the end. */
export const CATALOG_MIGRATIONS = [CreateCatalogSchema1797000000000];
