import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';
import type { RuntimeLogLevel, RuntimeLogSource } from '../runtime/runtime-driver';

/**
 * One line an app variant wrote (stdout, stderr) or the runtime wrote about it (SYSTEM). Kept 7
 * days (the worker's retention job). `id` is the keyset tiebreaker of lines with the same `at`.
 * Index `app_log_lines_query_idx` serves GET …/logs (filter, order, keyset and count);
 * `app_log_lines_at_idx` serves the retention purge.
 */
@Entity({ schema: 'hosting', name: 'app_log_lines' })
@Index('app_log_lines_query_idx', ['appId', 'variant', 'at', 'id'])
@Index('app_log_lines_at_idx', ['at'])
export class AppLogLineEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: Variant;

  @Column({ type: 'timestamptz', precision: 3 })
  at!: Date;

  @Column({ type: 'varchar', length: 8 })
  source!: RuntimeLogSource;

  @Column({ type: 'varchar', length: 8 })
  level!: RuntimeLogLevel;

  /** At most LOG_MESSAGE_MAX_CHARS characters (longer lines are cut), no NUL. */
  @Column({ type: 'text' })
  message!: string;
}
