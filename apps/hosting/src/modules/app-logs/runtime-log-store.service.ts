import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { drainInBatches } from '@platform/database';
import { DataSource } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';
import type { RuntimeLogLine } from '../runtime/runtime-driver';
import { LOG_LINES_CHANNEL } from './log-notifications';

/** Longest stored message, in UTF-16 code units (16 Ki); the rest of a longer line is cut. */
export const LOG_MESSAGE_MAX_CHARS = 16 * 1024;
/** Lines are kept this long (spec, issue 7: "retention of 7 days"). */
export const LOG_RETENTION_MS = 7 * 24 * 3600 * 1000;
export const DEFAULT_LOG_PURGE_BATCH = 5000;

export interface RuntimeLogStoreOptions {
  /** A buffer holding this many lines is written at once. */
  readonly flushLines: number;
  /** Buffered lines wait at most this long before they are written. */
  readonly flushEveryMs: number;
  /** Lines beyond this many buffered (the database is down or slow) are dropped and counted. */
  readonly maxBufferedLines: number;
}

/** Optional provider of Partial<RuntimeLogStoreOptions> (tests shorten the flush interval). */
export const RUNTIME_LOG_STORE_OPTIONS = Symbol('RUNTIME_LOG_STORE_OPTIONS');

export const DEFAULT_LOG_STORE_OPTIONS: RuntimeLogStoreOptions = {
  flushLines: 500,
  flushEveryMs: 250,
  maxBufferedLines: 50_000,
};

interface PendingLine {
  readonly appId: string;
  readonly variant: Variant;
  readonly line: RuntimeLogLine;
}

/** Postgres text cannot hold NUL; a lone surrogate left at the cut would not encode either. */
export function storableMessage(message: string): string {
  let text = message.includes('\u0000') ? message.replaceAll('\u0000', '\uFFFD') : message;
  if (text.length > LOG_MESSAGE_MAX_CHARS) {
    text = text.slice(0, LOG_MESSAGE_MAX_CHARS);
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  }
  return text;
}

/**
 * One statement: the lines, and a notification per app variant written (LOG_LINES_CHANNEL, key
 * runtimeLogKey), which PostgreSQL delivers to the live followers' replicas when it commits.
 */
const INSERT_LINES = `
WITH "written" AS (
  INSERT INTO "hosting"."app_log_lines" ("app_id", "variant", "at", "source", "level", "message")
  SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::timestamptz[], $4::varchar[], $5::varchar[], $6::text[])
  RETURNING "app_id", "variant")
SELECT pg_notify('${LOG_LINES_CHANNEL}', "key") FROM (
  SELECT DISTINCT 'app:' || "app_id" || ':' || "variant" AS "key" FROM "written") AS "keys"`;

/**
 * One purge batch: lines older than the cutoff, oldest first along app_log_lines_at_idx. SKIP
 * LOCKED lets two workers purge at once without waiting on each other.
 */
const PURGE_BATCH = `
DELETE FROM "hosting"."app_log_lines"
WHERE "id" IN (
  SELECT "id" FROM "hosting"."app_log_lines"
  WHERE "at" < $1
  ORDER BY "at"
  LIMIT $2
  FOR UPDATE SKIP LOCKED)`;

/**
 * Durable store of runtime log lines (table hosting.app_log_lines). `append` buffers lines in
 * process and writes them with one multi-row INSERT (unnest, so one statement whatever the count)
 * when the buffer reaches `flushLines`, after `flushEveryMs`, on `flush()` and at shutdown.
 * Writing logs never throws into the runtime: a failed write is logged and its lines are lost.
 */
@Injectable()
export class RuntimeLogStore implements OnApplicationShutdown {
  private readonly logger = new Logger(RuntimeLogStore.name);
  private readonly options: RuntimeLogStoreOptions;
  private buffer: PendingLine[] = [];
  private waiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(RUNTIME_LOG_STORE_OPTIONS) options?: Partial<RuntimeLogStoreOptions>,
  ) {
    this.options = { ...DEFAULT_LOG_STORE_OPTIONS, ...options };
  }

  /**
   * Queues the lines of one app variant. The promise resolves once they are written (or dropped,
   * see the class comment); callers on a hot path need not await it: it never rejects.
   */
  append(appId: string, variant: Variant, lines: readonly RuntimeLogLine[]): Promise<void> {
    if (lines.length === 0) return Promise.resolve();
    const room = Math.max(this.options.maxBufferedLines - this.buffer.length, 0);
    this.dropped += Math.max(lines.length - room, 0);
    for (const line of lines.slice(0, room)) this.buffer.push({ appId, variant, line });
    const written = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.buffer.length >= this.options.flushLines) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushEveryMs);
    return written;
  }

  /** Writes everything buffered so far; resolves when it is written (or its write failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    const waiters = this.waiters;
    this.buffer = [];
    this.waiters = [];
    // Writes run one after the other, so lines keep their order (and ids) across flushes.
    this.writing = this.writing.then(async () => {
      try {
        if (batch.length > 0) await this.write(batch);
      } catch (e) {
        this.logger.error(`lost ${batch.length} runtime log lines: ${(e as Error).message}`);
      } finally {
        if (this.dropped > 0) {
          this.logger.warn(`dropped ${this.dropped} runtime log lines (buffer full)`);
          this.dropped = 0;
        }
        for (const resolve of waiters) resolve();
      }
    });
    return this.writing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /**
   * Deletes lines older than `cutoff` in batches of `batchSize` (short statements, short locks);
   * returns how many it deleted. Safe to run concurrently.
   */
  purgeOlderThan(cutoff: Date, batchSize = DEFAULT_LOG_PURGE_BATCH): Promise<number> {
    return drainInBatches(this.dataSource, PURGE_BATCH, [cutoff], batchSize);
  }

  private async write(batch: readonly PendingLine[]): Promise<void> {
    await this.dataSource.query(INSERT_LINES, [
      batch.map((p) => p.appId),
      batch.map((p) => p.variant),
      batch.map((p) => (Number.isNaN(p.line.at.getTime()) ? new Date() : p.line.at).toISOString()),
      batch.map((p) => p.line.source),
      batch.map((p) => p.line.level),
      batch.map((p) => storableMessage(p.line.message)),
    ]);
  }
}
