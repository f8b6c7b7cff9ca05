import type { Variant } from '../runtime/runtime-driver';

/**
 * Where a starting app variant gets its environment from (its decrypted secrets). The secrets
 * module binds VARIANT_ENV_SOURCE to its implementation; the runtime asks it at every (re)start,
 * so a changed secret reaches the app at its next start.
 */
export interface VariantEnvSource {
  envFor(appId: string, variant: Variant): Promise<Record<string, string>>;
}

export const VARIANT_ENV_SOURCE = Symbol('VARIANT_ENV_SOURCE');
