import { Injectable } from '@nestjs/common';
import { RatesService } from '../rates/rates.service';
import { OwnerReferences } from '../references/owner-references.service';
import { ReferencesRepository } from '../references/references.repository';
import { OwnerRelations } from '../relations/owner-relations.service';
import { ClassificationLinksRepository } from './classification-links.repository';
import { ClassificationEntity } from './classification.entity';
import { ClassificationsService } from './classifications.service';

/** Rates and catalog members of classifications (the 8 add/remove mutations and their fields). */
@Injectable()
export class ClassificationRelations extends OwnerRelations<ClassificationEntity> {
  constructor(
    links: ClassificationLinksRepository,
    classifications: ClassificationsService,
    rates: RatesService,
  ) {
    super(links, (s, id) => classifications.get(s, id), rates);
  }
}

/** External references of classifications. */
@Injectable()
export class ClassificationReferences extends OwnerReferences<ClassificationEntity> {
  constructor(store: ReferencesRepository, classifications: ClassificationsService) {
    super('CLASSIFICATION', store, (s, id) => classifications.get(s, id));
  }
}
