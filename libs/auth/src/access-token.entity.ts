import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';
import { AccountEntity } from './account.entity';

/** A personal access token. Only its SHA-256 hash is stored; the token itself is shown once. */
@Entity({ schema: 'auth', name: 'access_tokens' })
export class AccessTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('access_tokens_account_id_idx')
  @Column({ type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'account_id', foreignKeyConstraintName: 'FK_access_tokens_account' })
  account?: AccountEntity;

  @Index('access_tokens_token_hash_key', { unique: true })
  @Column({ type: 'bytea' })
  tokenHash!: Buffer;

  /** The first characters of the token (prefix and a few random ones), to recognise it in lists. */
  @Column({ type: 'varchar', length: 16 })
  displayPrefix!: string;

  @Column({ type: 'text', array: true })
  scopes!: string[];

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
