import { Inject, Injectable } from '@nestjs/common';
import type { AppEnvironmentEntity, Variant } from './app-environment.entity';

/** The gateway path of app traffic: `/hosted/{appId}/{preview|publish}/…` (docs/hosting.md, Reaching a variant). */
export const HOSTED_PREFIX = '/hosted';

/** Runtime states in which a variant answers (or is about to, again). */
const REACHABLE = new Set(['RUNNING', 'STARTING', 'RESTARTING']);

/** Token of the public base URL, without a trailing slash (PUBLIC_BASE_URL, read by config/hosting.config.ts). */
export const PUBLIC_BASE_URL = Symbol('PUBLIC_BASE_URL');

/**
 * The public URL of each app variant: `<PUBLIC_BASE_URL>/hosted/{appId}/{preview|publish}/`, the
 * gateway's base URL (default http://127.0.0.1:8080, what `npm start` serves), where the gateway
 * proxies to the hosting worker that runs the variant.
 */
@Injectable()
export class VariantUrls {
  constructor(@Inject(PUBLIC_BASE_URL) private readonly publicBaseUrl: string) {}

  of(appId: string, variant: Variant): string {
    return `${this.publicBaseUrl}${HOSTED_PREFIX}/${appId}/${variant.toLowerCase()}/`;
  }

  /** The variant's URL while it runs (or starts, or restarts); null when nothing runs there. */
  ofEnvironment(environment: AppEnvironmentEntity): string | null {
    return REACHABLE.has(environment.runtimeState) ? this.of(environment.appId, environment.variant) : null;
  }
}
