import type { MigrationList } from '@platform/database';
import { CreatePlatformCatalog1797300000000 } from './1797300000000-create-platform-catalog';
import { CreateShopping1797300000100 } from './1797300000100-create-shopping';
import { OrderFulfilment1797300000300 } from './1797300000300-order-fulfilment';
import { AgentBindings1797300000500 } from './1797300000500-agent-bindings';
import { OrderConfirmations1797300000600 } from './1797300000600-order-confirmations';

/**
 * Every migration of schema `shopping` (`<timestamp>-<what>.ts` here), oldest first. Append new
 * ones at the end.
 */
export const SHOPPING_MIGRATIONS: MigrationList = [
  CreatePlatformCatalog1797300000000,
  CreateShopping1797300000100,
  OrderFulfilment1797300000300,
  AgentBindings1797300000500,
  OrderConfirmations1797300000600,
];
