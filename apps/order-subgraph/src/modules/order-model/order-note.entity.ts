import { Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrderEntity, type StoredMetafield } from './order.entity';
import type { NoteAuthorType } from './order-statuses';

@Entity({ schema: 'orders', name: 'order_notes' })
@Index('order_notes_order_idx', ['orderId', 'seq'])
export class OrderNoteEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_order_notes' })
  id!: string;

  /** Listing order (the notes of one addOrder share a timestamp). */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'varchar', length: 40 })
  orderId!: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_notes_order' })
  order?: OrderEntity;

  @Column({ type: 'varchar', length: 2000 })
  content!: string;

  @Column({ type: 'varchar', length: 16 })
  authorType!: NoteAuthorType;

  /** Account id of the token that wrote it. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  authorId!: string | null;

  @Column({ type: 'boolean' })
  shouldNotifyCustomer!: boolean;

  /** The public NoteInput's own fields, stored and returned. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  referenceId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metafields!: StoredMetafield[] | null;

  @Column({ type: 'jsonb', nullable: true })
  externalIds!: { type: string; value: string }[] | null;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
