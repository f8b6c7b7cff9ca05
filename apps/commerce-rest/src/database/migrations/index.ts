import { CreateBusinessesAndStores1795316000000 } from './1795316000000-create-businesses-and-stores';
import { CreateStoreDetails1795316100000 } from './1795316100000-create-store-details';
import { CreateChannels1795316200000 } from './1795316200000-create-channels';
import { CreateCustomers1795316210000 } from './1795316210000-create-customers';
import { CreateTransactions1795316300000 } from './1795316300000-create-transactions';

/** Every migration of schema `commerce`, oldest first. Append new ones at the end. */
export const COMMERCE_MIGRATIONS = [
  CreateBusinessesAndStores1795316000000,
  CreateStoreDetails1795316100000,
  CreateChannels1795316200000,
  CreateCustomers1795316210000,
  CreateTransactions1795316300000,
];
