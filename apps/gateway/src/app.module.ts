import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ERROR_FAMILY, PlatformExceptionFilter } from '@platform/errors';
import { ObservabilityModule } from '@platform/observability';
import type { ComponentRuntime } from '@platform/service-kit';
import { GatewayConfigModule } from './config/gateway-config.module';
import type { GatewayConfig } from './config/gateway.config';
import { SupergraphModule } from './modules/graphql/supergraph.module';
import { GatewayReadinessCheck } from './modules/health/gateway-readiness-check.service';
import { PlatformHealthModule } from './modules/health/platform-health.module';
import { ProxyModule } from './modules/proxy/proxy.module';

/**
 * The single entry point: every REST prefix of the route table proxied to its service,
 * POST /graphql (the federated supergraph) and GET /healthz. No database, no Redis and no auth
 * guard: the services authenticate every request themselves. The gateway's own errors use
 * the domains shape.
 *
 * `runtime.inProcess` (single mode: the services built in the gateway's own process) makes the
 * proxy and the subgraph fetches answer their requests inside the process (docs/gateway.md,
 * "In-process hop"); without it every call goes over the wire, as in a container.
 */
@Module({})
export class GatewayAppModule {
  static forRoot(config: GatewayConfig, runtime: ComponentRuntime = {}): DynamicModule {
    return {
      module: GatewayAppModule,
      imports: [
        GatewayConfigModule.forRoot(config, runtime),
        ObservabilityModule.forRoot({
          readinessChecks: [GatewayReadinessCheck],
          readinessTokens: [GatewayReadinessCheck],
        }),
        PlatformHealthModule,
        ProxyModule,
        SupergraphModule,
      ],
      providers: [
        { provide: ERROR_FAMILY, useValue: 'domains' },
        { provide: APP_FILTER, useFactory: () => new PlatformExceptionFilter('domains') },
      ],
    };
  }
}
