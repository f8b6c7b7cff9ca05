import { CreatedAtColumn } from '@platform/database';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A change another service applied to a zone through `POST /internal/v1/zone-changes`, kept so a
 * retry of the same `changeId` answers the first outcome instead of applying it twice.
 */
@Entity({ schema: 'domains', name: 'zone_changes' })
export class ZoneChangeEntity {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  changeId!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  /** The domain whose zone it changed. */
  @Column({ type: 'varchar', length: 253 })
  zone!: string;

  @Column({ type: 'integer' })
  added!: number;

  @Column({ type: 'integer' })
  removed!: number;

  @CreatedAtColumn()
  createdAt!: Date;
}
