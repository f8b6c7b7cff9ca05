import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway.config';

/** The gateway's validated configuration for every module (and PLATFORM_CONFIG for the logger). */
@Global()
@Module({})
export class GatewayConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const providers: Provider[] = [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: PLATFORM_CONFIG, useValue: config.platform },
    ];
    return { module: GatewayConfigModule, providers, exports: providers };
  }
}
