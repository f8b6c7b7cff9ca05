import { DynamicModule, Module } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { SecretBox } from '@platform/crypto';
import { VARIANT_ENV_SOURCE } from '../runtime-env/variant-env-source';
import { LogRedaction } from './log-redaction.service';
import { SecretEnvSource } from './secret-env-source.service';
import { SecretStoreService } from './secret-store.service';
import { SecretsController } from './secrets.controller';

/**
 * Secrets of app variants, sealed at rest. Imported as is by the worker (VARIANT_ENV_SOURCE for the
 * runtime) and by the modules that store or serve log lines (LogRedaction); `withHttp()` adds GET
 * and PATCH …/secrets on both namespaces for the API.
 */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => new SecretBox(config.secretsEncryptionKey),
    },
    LogRedaction,
    SecretEnvSource,
    SecretStoreService,
    { provide: VARIANT_ENV_SOURCE, useExisting: SecretEnvSource },
  ],
  exports: [LogRedaction, SecretStoreService, VARIANT_ENV_SOURCE],
})
export class SecretStoreModule {
  /** The module plus its HTTP routes (API process only). */
  static withHttp(): DynamicModule {
    return { module: SecretStoreModule, controllers: [SecretsController] };
  }
}
