import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';

/** Every CRL the registry CA signed, by CRL number; the highest is the current one. */
@Entity({ schema: 'agents', name: 'crls' })
export class CrlEntity {
  @PrimaryColumn({ type: 'bigint' })
  crlNumber!: string;

  @Column({ type: 'timestamptz' })
  thisUpdate!: Date;

  @Column({ type: 'timestamptz' })
  nextUpdate!: Date;

  @Column({ type: 'bytea' })
  der!: Buffer;

  @CreatedAtColumn()
  createdAt!: Date;
}
