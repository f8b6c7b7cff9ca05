import { CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn, getMetadataArgsStorage } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from './timestamp-columns';

@Entity({ name: 'spelled_out' })
class SpelledOut {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdMs!: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedMs!: Date;
}

@Entity({ name: 'shared' })
class Shared {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;

  @CreatedAtColumn({ precision: 3 })
  createdMs!: Date;

  @UpdatedAtColumn({ precision: 3 })
  updatedMs!: Date;
}

/** The column declarations TypeORM recorded for `target`, without the class itself. */
const columnsOf = (target: object) =>
  getMetadataArgsStorage()
    .columns.filter((c) => c.target === target)
    .map(({ propertyName, mode, options }) => ({ propertyName, mode, options }));

describe('CreatedAtColumn / UpdatedAtColumn', () => {
  it('record exactly what the spelled-out TypeORM decorators record (no extra or undefined options)', () => {
    const shared = columnsOf(Shared);
    expect(shared).toEqual(columnsOf(SpelledOut));
    expect(shared.map((c) => Object.keys(c.options))).toEqual([
      ['type', 'primary'],
      ['type'],
      ['type'],
      ['type', 'precision'],
      ['type', 'precision'],
    ]);
    expect(shared.map((c) => c.mode)).toEqual([
      'regular',
      'createDate',
      'updateDate',
      'createDate',
      'updateDate',
    ]);
  });
});
