import { Module } from '@nestjs/common';
import { CatalogLinksRepository } from './catalog-links.repository';
import { CatalogLinksService } from './catalog-links.service';
import { CatalogRecordsRepository } from './catalog-records.repository';
import { CatalogRecordsService } from './catalog-records.service';
import { CatalogReferencesRepository } from './catalog-references.repository';
import { CatalogReferencesService } from './catalog-references.service';
import { CatalogRelationPagesRepository } from './catalog-relation-pages.repository';
import { CatalogRelationPagesService } from './catalog-relation-pages.service';

/**
 * Persistence of every catalog record kind (record-kinds.ts): records, their relations (links),
 * external references and the batched pages of relation fields. The GraphQL side is in the
 * feature folders, wired by CatalogRecordsGraphModule (src/records-graph.module.ts).
 */
@Module({
  providers: [
    CatalogLinksRepository,
    CatalogRecordsRepository,
    CatalogReferencesRepository,
    CatalogRelationPagesRepository,
    CatalogLinksService,
    CatalogRecordsService,
    CatalogReferencesService,
    CatalogRelationPagesService,
  ],
  exports: [
    CatalogLinksRepository,
    CatalogRecordsRepository,
    CatalogLinksService,
    CatalogRecordsService,
    CatalogReferencesService,
    CatalogRelationPagesService,
  ],
})
export class CatalogRecordsModule {}
