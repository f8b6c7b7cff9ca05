import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { REGISTRY_SETTINGS, RENEWAL_SETTINGS } from '../modules/registry/registry-settings';
import type { DomainsWorkerConfig } from './domains-worker.config';
import type { DomainsConfig } from './domains.config';

/**
 * The domains service's own validated settings for every module, each under the token of the
 * feature that uses it (PLATFORM_CONFIG comes from ServiceKitModule): `forApi` in the API,
 * `forWorker` in the worker.
 */
@Global()
@Module({})
export class DomainsConfigModule {
  static forApi(config: DomainsConfig): DynamicModule {
    return DomainsConfigModule.of([{ provide: REGISTRY_SETTINGS, useValue: config.registry }]);
  }

  static forWorker(config: DomainsWorkerConfig): DynamicModule {
    return DomainsConfigModule.of([
      { provide: REGISTRY_SETTINGS, useValue: config.registry },
      { provide: RENEWAL_SETTINGS, useValue: config.renewal },
    ]);
  }

  private static of(providers: Provider[]): DynamicModule {
    return { module: DomainsConfigModule, providers, exports: providers };
  }
}
