import { Injectable, Logger } from '@nestjs/common';
import { secretsToEnv, type Variant } from '../runtime/runtime-driver';
import type { VariantEnvSource } from '../runtime-env/variant-env-source';
import { SecretStoreService } from './secret-store.service';

/**
 * The runtime's environment of an app variant: its secrets (user and system-managed), decrypted, minus
 * the names an environment cannot carry or the runtime owns (`secretsToEnv`). Asked at every (re)start,
 * so a patched secret reaches the app at its next start. Values are never logged; dropped names are.
 */
@Injectable()
export class SecretEnvSource implements VariantEnvSource {
  private readonly logger = new Logger(SecretEnvSource.name);

  constructor(private readonly secrets: SecretStoreService) {}

  async envFor(appId: string, variant: Variant): Promise<Record<string, string>> {
    const { env, dropped } = secretsToEnv(await this.secrets.decrypted(appId, variant));
    if (dropped.length > 0)
      this.logger.warn(
        `${appId}/${variant}: ${dropped.length} secret(s) cannot be environment variables and are not injected: ${dropped.join(', ')}`,
      );
    return env;
  }
}
