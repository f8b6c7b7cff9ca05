import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { CountriesModule } from './modules/countries/countries.module';

/** The countries service: no tables of its own (the data is CLDR/ICU and phone metadata). */
@Module({})
export class CountriesAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: CountriesAppModule,
      imports: [
        CountriesModule,
        RateLimitModule,
        ServiceKitModule.forRoot({ config, errorFamily: 'domains', migrationSets: [] }),
      ],
    };
  }
}
