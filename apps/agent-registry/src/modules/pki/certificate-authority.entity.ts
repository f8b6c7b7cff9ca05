import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';

/**
 * The registry's own certificate authority: created once, on the first start of any registry
 * process. The private key (PKCS#8) is kept sealed with SECRETS_ENCRYPTION_KEY (SecretBox);
 * `keyId` names the key that sealed it.
 */
@Entity({ schema: 'agents', name: 'certificate_authorities' })
export class CertificateAuthorityEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  keyId!: string;

  @Column({ type: 'bytea' })
  sealedPrivateKey!: Buffer;

  @Column({ type: 'text' })
  certificatePem!: string;

  @CreatedAtColumn()
  createdAt!: Date;
}
