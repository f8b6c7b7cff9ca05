import { Column, Entity, PrimaryColumn } from 'typeorm';

export const BUILD_LOG_STREAMS = ['STDOUT', 'STDERR', 'SYSTEM'] as const;
export type BuildLogLineStream = (typeof BUILD_LOG_STREAMS)[number];

/**
 * One line of an import's build log (npm, the build script, and SYSTEM lines of each step), written
 * as the builder emits it so a poll sees the lines of a running import. Ordered by seq per import.
 */
@Entity({ schema: 'hosting', name: 'build_log_lines' })
export class BuildLogLineEntity {
  @PrimaryColumn({ type: 'uuid' })
  importId!: string;

  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  @Column({ type: 'timestamptz' })
  at!: Date;

  @Column({ type: 'varchar', length: 8 })
  stream!: BuildLogLineStream;

  @Column({ type: 'text' })
  message!: string;
}
