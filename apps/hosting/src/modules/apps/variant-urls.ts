import { Env, envUrl } from '@platform/config';
import type { AppEnvironmentEntity, Variant } from './app-environment.entity';

/** The gateway path of app traffic: `/hosted/{appId}/{preview|publish}/…` (docs/hosting.md, Reaching a variant). */
export const HOSTED_PREFIX = '/hosted';

/** Runtime states in which a variant answers (or is about to, again). */
const REACHABLE = new Set(['RUNNING', 'STARTING', 'RESTARTING']);

/**
 * The public URL of each app variant: `<PUBLIC_BASE_URL>/hosted/{appId}/{preview|publish}/`, the
 * gateway's base URL (default http://127.0.0.1:8080, what `npm start` serves), where the gateway
 * proxies to the hosting worker that runs the variant.
 */
export class VariantUrls {
  constructor(private readonly publicBaseUrl: string) {}

  static fromEnv(env: Env = process.env): VariantUrls {
    return new VariantUrls(
      envUrl(env, 'PUBLIC_BASE_URL', 'http://127.0.0.1:8080', ['http:', 'https:']).replace(/\/+$/, ''),
    );
  }

  of(appId: string, variant: Variant): string {
    return `${this.publicBaseUrl}${HOSTED_PREFIX}/${appId}/${variant.toLowerCase()}/`;
  }

  /** The variant's URL while it runs (or starts, or restarts); null when nothing runs there. */
  ofEnvironment(environment: AppEnvironmentEntity): string | null {
    return REACHABLE.has(environment.runtimeState) ? this.of(environment.appId, environment.variant) : null;
  }
}
