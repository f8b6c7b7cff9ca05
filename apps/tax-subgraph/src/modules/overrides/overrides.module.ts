import { Module } from '@nestjs/common';
import { JurisdictionsModule } from '../jurisdictions/jurisdictions.module';
import { RatesModule } from '../rates/rates.module';
import { ReferencesModule } from '../references/references.module';
import { relationMutationResolvers } from '../relations/relation-mutations-resolver.factory';
import { OverrideLastState, OverrideReferences, OverrideRelations } from './override-links.service';
import { Override, toOverride } from './override.model';
import {
  OverrideJurisdictionResolver,
  OverrideReferencesResolver,
  OverrideRelationFieldsResolver,
  OverrideStatusResolver,
  OverridesResolver,
} from './overrides.resolver';
import { OverridesService } from './overrides.service';

@Module({
  imports: [JurisdictionsModule, RatesModule, ReferencesModule],
  providers: [
    OverrideJurisdictionResolver,
    OverrideLastState,
    OverrideReferences,
    OverrideReferencesResolver,
    OverrideRelationFieldsResolver,
    OverrideRelations,
    OverrideStatusResolver,
    OverridesResolver,
    OverridesService,
    ...relationMutationResolvers('Override', Override, OverrideRelations, toOverride),
  ],
})
export class OverridesModule {}
