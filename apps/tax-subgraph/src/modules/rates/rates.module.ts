import { Module } from '@nestjs/common';
import { JurisdictionsModule } from '../jurisdictions/jurisdictions.module';
import { ReferencesModule } from '../references/references.module';
import { RateReferences } from './rate-references.service';
import { RatesRepository } from './rates.repository';
import { JurisdictionRatesResolver, RatesResolver } from './rates.resolver';
import { RatesService } from './rates.service';

@Module({
  imports: [JurisdictionsModule, ReferencesModule],
  providers: [JurisdictionRatesResolver, RateReferences, RatesRepository, RatesResolver, RatesService],
  exports: [RatesService],
})
export class RatesModule {}
