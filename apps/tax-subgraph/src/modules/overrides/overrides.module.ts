import { Module } from '@nestjs/common';
import { JurisdictionsModule } from '../jurisdictions/jurisdictions.module';
import { RatesModule } from '../rates/rates.module';
import { ReferencesModule } from '../references/references.module';
import { OverrideReferences, OverrideRelations } from './override-links.service';
import { OverridesResolver } from './overrides.resolver';
import { OverridesService } from './overrides.service';

@Module({
  imports: [JurisdictionsModule, RatesModule, ReferencesModule],
  providers: [OverrideReferences, OverrideRelations, OverridesResolver, OverridesService],
})
export class OverridesModule {}
