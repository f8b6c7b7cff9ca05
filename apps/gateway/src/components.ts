import { nestComponent } from '@platform/service-kit';
import type { ServiceAppOptions } from '@platform/service-kit';
import { GatewayAppModule } from './app.module';
import { loadGatewayConfig } from './config/gateway.config';
import type { GatewayConfig } from './config/gateway.config';
import { customDomainRewrite } from './routes/custom-domains';

/** The gateway's HTTP options: custom domains' requests are rewritten before routing. */
export function gatewayAppOptions(config: GatewayConfig): ServiceAppOptions {
  return {
    title: 'Gateway',
    description:
      'Single entry point: every path of the spec, POST /graphql (federated supergraph) and GET /healthz',
    ...(config.customDomains ? { rewriteUrl: customDomainRewrite(config.customDomains) } : {}),
  };
}

/**
 * The gateway: `apps/gateway/src/main.ts` runs it alone. In single mode, `runtime.inProcess` lets it
 * hand requests to the services of its own process (no second HTTP hop).
 */
export const gatewayComponent = nestComponent({
  name: 'gateway',
  kind: 'gateway',
  loadConfig: (env) => loadGatewayConfig({ env }),
  platformConfig: (config) => config.platform,
  module: (config, _env, runtime) => GatewayAppModule.forRoot(config, runtime),
  app: gatewayAppOptions,
});
