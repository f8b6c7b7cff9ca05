import { BusinessEntity } from '../modules/businesses/business.entity';
import { StoreEntity } from '../modules/stores/store.entity';

/** Every entity of schema `commerce` (explicit list, no globs). Keep it sorted. */
export const COMMERCE_ENTITIES = [BusinessEntity, StoreEntity];
