import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One member of one relation of a record (a SKU's media objects, a list's SKUs, a location's
 * channels, …): `relation` names the pair (relation-kinds.ts), `memberId` is a record id or, for
 * channels, the commerce channel id. Adding twice is a no-op (primary key); `position` keeps the
 * order members were added in.
 */
@Entity({ schema: 'catalog', name: 'links' })
@Index('links_store_relation_member_idx', ['storeId', 'relation', 'memberId'])
export class CatalogLinkEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_links' })
  ownerId!: string;

  @PrimaryColumn({ type: 'varchar', length: 48, primaryKeyConstraintName: 'PK_links' })
  relation!: string;

  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'PK_links' })
  memberId!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'bigint' })
  position!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
