import { CreateBusinessesAndStores1795316000000 } from './1795316000000-create-businesses-and-stores';

/** Every migration of schema `commerce`, oldest first. Append new ones at the end. */
export const COMMERCE_MIGRATIONS = [CreateBusinessesAndStores1795316000000];
