import type { MigrationList } from '@platform/database';
import { CreateDomains1797100000000 } from './1797100000000-create-domains';
import { AddOrderReferences1797100000100 } from './1797100000100-add-order-references';

/**
 * Every migration of schema `domains` (`<timestamp>-<what>.ts` here), oldest first. Append new
 * ones at the end.
 */
export const DOMAINS_MIGRATIONS: MigrationList = [
  CreateDomains1797100000000,
  AddOrderReferences1797100000100,
];
