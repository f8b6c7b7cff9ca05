import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/**
 * AES-256-GCM for values kept encrypted at rest (government ids, sensitive processor data), keyed
 * by SECRETS_ENCRYPTION_KEY. A sealed value is `version (1 byte) | iv (12) | tag (16) | ciphertext`;
 * the associated data binds it to its row (a ciphertext copied to another business does not open).
 * Never log what goes in or comes out. Store `keyId` beside each sealed value: after a key
 * rotation it tells which key opens an older value.
 */
export class SecretBox {
  /** A stable, non-secret name of the key: 16 hex characters of a SHA-256 over a label and the key. */
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key (SECRETS_ENCRYPTION_KEY)');
    this.keyId = keyIdOf(key);
  }

  seal(plaintext: string, associatedData: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
  }

  /** The plaintext; throws when the box was tampered with, sealed with another key or other data. */
  open(box: Buffer, associatedData: string): string {
    if (box.length < HEADER_BYTES || box[0] !== VERSION) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, box.subarray(1, 1 + IV_BYTES));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(box.subarray(1 + IV_BYTES, HEADER_BYTES));
    return Buffer.concat([decipher.update(box.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
  }
}

/** The key id of a 32-byte key (see SecretBox.keyId); the key cannot be recovered from it. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('platform-secret-box-key-id:').update(key).digest('hex').slice(0, 16);
}
