import { Module } from '@nestjs/common';
import { JurisdictionsModule } from '../jurisdictions/jurisdictions.module';
import { RatesModule } from '../rates/rates.module';
import { ReferencesModule } from '../references/references.module';
import { OverrideLinksRepository } from './override-links.repository';
import { OverrideReferences, OverrideRelations } from './override-links.service';
import { OverridesRepository } from './overrides.repository';
import { OverridesResolver } from './overrides.resolver';
import { OverridesService } from './overrides.service';

@Module({
  imports: [JurisdictionsModule, RatesModule, ReferencesModule],
  providers: [
    OverrideLinksRepository,
    OverrideReferences,
    OverrideRelations,
    OverridesRepository,
    OverridesResolver,
    OverridesService,
  ],
})
export class OverridesModule {}
