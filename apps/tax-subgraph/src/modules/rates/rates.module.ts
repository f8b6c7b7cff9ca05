import { Module } from '@nestjs/common';
import { JurisdictionsModule } from '../jurisdictions/jurisdictions.module';
import { ReferencesModule } from '../references/references.module';
import { RateLastState, RateReferences } from './rate-references.service';
import {
  JurisdictionRatesResolver,
  RateJurisdictionResolver,
  RateReferencesResolver,
  RateStatusResolver,
  RatesResolver,
} from './rates.resolver';
import { RatesService } from './rates.service';

@Module({
  imports: [JurisdictionsModule, ReferencesModule],
  providers: [
    JurisdictionRatesResolver,
    RateJurisdictionResolver,
    RateLastState,
    RateReferences,
    RateReferencesResolver,
    RateStatusResolver,
    RatesResolver,
    RatesService,
  ],
  exports: [RatesService],
})
export class RatesModule {}
