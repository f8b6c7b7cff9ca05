import type { MigrationList } from '@platform/database';
import { CreatePlatformCatalog1797300000000 } from './1797300000000-create-platform-catalog';
import { CreateShopping1797300000100 } from './1797300000100-create-shopping';

/**
 * Every migration of schema `shopping` (`<timestamp>-<what>.ts` here), oldest first. Append new
 * ones at the end.
 */
export const SHOPPING_MIGRATIONS: MigrationList = [
  CreatePlatformCatalog1797300000000,
  CreateShopping1797300000100,
];
