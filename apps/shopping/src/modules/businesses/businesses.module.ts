import { DynamicModule, Module } from '@nestjs/common';
import { PlatformCatalogModule } from '../platform-catalog/platform-catalog.module';
import { BusinessesService } from './businesses.service';

/** The businesses: the platform (its own catalog) and the stores (over the owners' internal routes). */
@Module({})
export class BusinessesModule {
  static forRoot(options: { domainsUrl: string }): DynamicModule {
    return {
      module: BusinessesModule,
      global: true,
      imports: [PlatformCatalogModule.forRoot(options)],
      providers: [BusinessesService],
      exports: [BusinessesService],
    };
  }
}
