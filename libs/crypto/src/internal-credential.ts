import { hkdfSync } from 'node:crypto';

/** The header that carries the platform's internal credential on service-to-service calls. */
export const INTERNAL_CREDENTIAL_HEADER = 'x-platform-internal-credential';

const INFO = 'developer-platform internal api v1';

/**
 * The credential platform processes present to each other's `/internal` routes (a worker has no
 * caller token to forward): HKDF-SHA256 of SECRETS_ENCRYPTION_KEY with its own `info`, so every
 * process that holds the platform key holds it, nothing else does (hosted apps, the Ingress), and
 * it reveals nothing of the key it comes from (docs/decisions.md, "Internal routes"). 64 hex chars.
 */
export function deriveInternalCredential(secretsEncryptionKey: Buffer): string {
  if (secretsEncryptionKey.length !== 32)
    throw new Error('the internal credential needs the 32-byte SECRETS_ENCRYPTION_KEY');
  return Buffer.from(hkdfSync('sha256', secretsEncryptionKey, Buffer.alloc(0), INFO, 32)).toString('hex');
}
