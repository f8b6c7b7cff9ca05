import type { Provider } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { SecretBox } from '@platform/crypto';

/**
 * The SecretBox that seals webhook signing secrets: the one mechanism hosting seals app secrets
 * with (AES-256-GCM under SECRETS_ENCRYPTION_KEY, associated data binding the row).
 */
export const webhookSecretBoxProvider: Provider = {
  provide: SecretBox,
  inject: [PLATFORM_CONFIG],
  useFactory: (config: PlatformConfig) => new SecretBox(config.secretsEncryptionKey),
};
