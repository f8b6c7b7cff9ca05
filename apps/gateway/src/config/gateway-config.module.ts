import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { ComponentRuntime } from '@platform/service-kit';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway.config';

/**
 * Injection token of the ComponentRuntime the gateway was built with: `inProcess` when the services
 * run in the gateway's own process (single mode), nothing when each runs alone.
 */
export const GATEWAY_RUNTIME = Symbol.for('gateway.runtime');

/**
 * The gateway's validated configuration for every module (and PLATFORM_CONFIG for the logger), and
 * the runtime it was built in.
 */
@Global()
@Module({})
export class GatewayConfigModule {
  static forRoot(config: GatewayConfig, runtime: ComponentRuntime = {}): DynamicModule {
    const providers: Provider[] = [
      { provide: GATEWAY_CONFIG, useValue: config },
      { provide: PLATFORM_CONFIG, useValue: config.platform },
      { provide: GATEWAY_RUNTIME, useValue: runtime },
    ];
    return { module: GatewayConfigModule, providers, exports: providers };
  }
}
