import { Module } from '@nestjs/common';
import { RatesModule } from '../rates/rates.module';
import { ReferencesModule } from '../references/references.module';
import { relationMutationResolvers } from '../relations/relation-mutations-resolver.factory';
import {
  ClassificationLastState,
  ClassificationReferences,
  ClassificationRelations,
} from './classification-links.service';
import { toClassification, Classification } from './classification.model';
import {
  ClassificationEntityResolver,
  ClassificationReferencesResolver,
  ClassificationRelationFieldsResolver,
  ClassificationsResolver,
} from './classifications.resolver';
import { ClassificationsService } from './classifications.service';

@Module({
  imports: [RatesModule, ReferencesModule],
  providers: [
    ClassificationEntityResolver,
    ClassificationLastState,
    ClassificationReferences,
    ClassificationReferencesResolver,
    ClassificationRelationFieldsResolver,
    ClassificationRelations,
    ClassificationsResolver,
    ClassificationsService,
    ...relationMutationResolvers('Classification', Classification, ClassificationRelations, toClassification),
  ],
  exports: [ClassificationsService],
})
export class ClassificationsModule {}
