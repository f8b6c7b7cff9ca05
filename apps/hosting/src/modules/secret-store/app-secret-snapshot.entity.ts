import { CreatedAtColumn } from '@platform/database';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';

/** One secret of a snapshot: its value as `hosting.app_secrets` holds it, sealed (base64). */
export interface SnapshotSecret {
  readonly name: string;
  readonly sealedValue: string;
  readonly keyId: string;
  readonly systemManaged: boolean;
}

/**
 * A version of an app variant's secret set (docs/hosting.md, "Secret versions"): every change of
 * the set makes the next version and a copy of its sealed values, so that a rollback restores the
 * values a release ran with. The newest version of a variant is the set in force (never pruned).
 * Values stay sealed with the associated data of `hosting.app_secrets` (app, variant, name), so a
 * copy opens only for its own app, variant and name. Version 0 is the empty set of a variant whose
 * secrets never changed and has no row.
 */
@Entity({ schema: 'hosting', name: 'app_secret_snapshots' })
export class AppSecretSnapshotEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  appId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  variant!: Variant;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  /** The set, names sorted; never decrypted but by the runtime after a restore. */
  @Column({ type: 'jsonb' })
  secrets!: SnapshotSecret[];

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;
}
