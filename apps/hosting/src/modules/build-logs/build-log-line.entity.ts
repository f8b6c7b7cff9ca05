import { Column, Entity, PrimaryColumn } from 'typeorm';

export const BUILD_LOG_STREAMS = ['STDOUT', 'STDERR', 'SYSTEM'] as const;
export type BuildLogLineStream = (typeof BUILD_LOG_STREAMS)[number];

/**
 * One line of an operation's build log, written as the builder emits it so a poll sees the lines of
 * a running operation. Imports write npm's and the build script's output and SYSTEM lines of each
 * step; a deployment starts with a copy of its import's lines and adds its own. Ordered by seq per
 * operation (an import id or a deployment id).
 */
@Entity({ schema: 'hosting', name: 'build_log_lines' })
export class BuildLogLineEntity {
  @PrimaryColumn({ type: 'uuid' })
  operationId!: string;

  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  @Column({ type: 'timestamptz' })
  at!: Date;

  @Column({ type: 'varchar', length: 8 })
  stream!: BuildLogLineStream;

  @Column({ type: 'text' })
  message!: string;
}
