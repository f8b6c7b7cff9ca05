import { Module } from '@nestjs/common';
import { RatesModule } from '../rates/rates.module';
import { ReferencesModule } from '../references/references.module';
import { ClassificationLinksRepository } from './classification-links.repository';
import { ClassificationReferences, ClassificationRelations } from './classification-links.service';
import { ClassificationsRepository } from './classifications.repository';
import { ClassificationEntityResolver, ClassificationsResolver } from './classifications.resolver';
import { ClassificationsService } from './classifications.service';

@Module({
  imports: [RatesModule, ReferencesModule],
  providers: [
    ClassificationEntityResolver,
    ClassificationLinksRepository,
    ClassificationReferences,
    ClassificationRelations,
    ClassificationsRepository,
    ClassificationsResolver,
    ClassificationsService,
  ],
  exports: [ClassificationsService],
})
export class ClassificationsModule {}
