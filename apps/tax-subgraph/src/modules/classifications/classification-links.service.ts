import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RatesService } from '../rates/rates.service';
import { OwnerReferences } from '../references/owner-references.service';
import { ReferenceStore } from '../references/reference-store.service';
import { ClassificationMemberEntity } from './classification-member.entity';
import { ClassificationRateEntity } from './classification-rate.entity';
import { OwnerRelations } from '../relations/owner-relations.service';
import { ClassificationEntity } from './classification.entity';
import { ClassificationsService } from './classifications.service';

/** Rates and catalog members of classifications (the 8 add/remove mutations and their fields). */
@Injectable()
export class ClassificationRelations extends OwnerRelations<ClassificationEntity> {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    classifications: ClassificationsService,
    rates: RatesService,
  ) {
    super(
      dataSource,
      ClassificationRateEntity,
      ClassificationMemberEntity,
      (s, id) => classifications.get(s, id),
      rates,
    );
  }
}

/** External references of classifications. */
@Injectable()
export class ClassificationReferences extends OwnerReferences<ClassificationEntity> {
  constructor(store: ReferenceStore, classifications: ClassificationsService) {
    super('CLASSIFICATION', store, (s, id) => classifications.get(s, id));
  }
}
