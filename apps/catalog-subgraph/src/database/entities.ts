import { CatalogLinkEntity } from '../modules/records/catalog-link.entity';
import { CatalogRecordEntity } from '../modules/records/catalog-record.entity';
import { CatalogReferenceEntity } from '../modules/records/catalog-reference.entity';

/** Every entity of schema `catalog` (explicit list, no globs). Keep it sorted. */
export const CATALOG_ENTITIES = [CatalogLinkEntity, CatalogRecordEntity, CatalogReferenceEntity];
