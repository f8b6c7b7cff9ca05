import { CreateTaxSchema1796000000000 } from './1796000000000-create-tax-schema';

/** Every migration of schema `tax`, oldest first. Append new ones at the end. */
export const TAX_MIGRATIONS = [CreateTaxSchema1796000000000];
