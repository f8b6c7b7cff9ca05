import { Module } from '@nestjs/common';
import { RatesModule } from '../rates/rates.module';
import { ReferencesModule } from '../references/references.module';
import { ClassificationReferences, ClassificationRelations } from './classification-links.service';
import { ClassificationEntityResolver, ClassificationsResolver } from './classifications.resolver';
import { ClassificationsService } from './classifications.service';

@Module({
  imports: [RatesModule, ReferencesModule],
  providers: [
    ClassificationEntityResolver,
    ClassificationReferences,
    ClassificationRelations,
    ClassificationsResolver,
    ClassificationsService,
  ],
  exports: [ClassificationsService],
})
export class ClassificationsModule {}
