import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';

/**
 * One secret of an app variant. The value is kept only sealed with SecretBox (AES-256-GCM, key from
 * SECRETS_ENCRYPTION_KEY, associated data binding app, variant and name), with the id of the key
 * that sealed it for rotation. Never returned by the API, never logged. System-managed secrets are
 * written by the platform, listed to the app's owner and refused by PATCH.
 */
@Entity({ schema: 'hosting', name: 'app_secrets' })
export class AppSecretEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  appId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  variant!: Variant;

  @PrimaryColumn({ type: 'varchar', length: 256 })
  name!: string;

  /** `SecretBox.seal(value, secretAad(appId, variant, name))`. */
  @Column({ type: 'bytea' })
  sealedValue!: Buffer;

  /** `SecretBox.keyId` of the key that sealed the value. */
  @Column({ type: 'varchar', length: 32 })
  keyId!: string;

  @Column({ type: 'boolean', default: false })
  systemManaged!: boolean;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;

  @UpdatedAtColumn({ precision: 3 })
  updatedAt!: Date;
}
