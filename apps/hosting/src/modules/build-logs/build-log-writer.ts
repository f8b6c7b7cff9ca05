import { DataSource } from 'typeorm';
import { LOG_LINES_CHANNEL } from '../app-logs/log-notifications';
import { SecretRedactor } from '../secrets';
import type { BuildLogLineStream } from './build-log-line.entity';

/** Lines kept per operation, and characters per line; beyond them lines are dropped (a SYSTEM line says so). */
export const MAX_BUILD_LOG_LINES = 5000;
export const MAX_BUILD_LOG_LINE_CHARS = 8192;

/**
 * One line, and a notification for its live followers (LOG_LINES_CHANNEL, key buildLogKey) that
 * PostgreSQL delivers when it commits.
 */
const INSERT_LINE = `
WITH "written" AS (
  INSERT INTO "hosting"."build_log_lines" ("operation_id", "seq", "at", "stream", "message")
  VALUES ($1, $2, $3, $4, $5) RETURNING "operation_id")
SELECT pg_notify('${LOG_LINES_CHANNEL}', 'op:' || "operation_id") FROM "written"`;

/**
 * Writes an operation's build log lines in order as they come, without making the builder wait
 * (one insert after the other on a promise chain). A lost line never fails the build by itself:
 * `flush()` reports it once the step is over. Every message goes through the app's SecretRedactor
 * before it is cut to MAX_BUILD_LOG_LINE_CHARS and stored: no secret value reaches the table.
 */
export class BuildLogWriter {
  private chain: Promise<void> = Promise.resolve();
  private written = 0;
  private failed = false;

  private constructor(
    private readonly dataSource: DataSource,
    private readonly operationId: string,
    private seq: number,
    private readonly redactor: SecretRedactor,
  ) {}

  /** A writer that continues after the lines already stored (a retried attempt appends to them). */
  static async open(
    dataSource: DataSource,
    operationId: string,
    redactor: SecretRedactor = SecretRedactor.NONE,
  ): Promise<BuildLogWriter> {
    const rows: { max: number | null; count: string }[] = await dataSource.query(
      'SELECT max(seq) AS max, count(*) AS count FROM hosting.build_log_lines WHERE operation_id = $1',
      [operationId],
    );
    const writer = new BuildLogWriter(dataSource, operationId, rows[0]?.max ?? 0, redactor);
    writer.written = Number(rows[0]?.count ?? 0);
    return writer;
  }

  /**
   * Appends a copy of another operation's lines (a deployment starts with its import's build log),
   * in one statement, once: the copy is skipped when this operation has lines already. The lines
   * were redacted when the import stored them (with the app's secrets of both variants then);
   * serving redacts again with the secrets of the time.
   */
  async copyFrom(sourceOperationId: string): Promise<void> {
    if (this.seq > 0) return;
    const rows: { max: number | null; count: string }[] = await this.dataSource.query(
      `WITH copied AS (
         INSERT INTO hosting.build_log_lines (operation_id, seq, at, stream, message)
         SELECT $1, seq, at, stream, message FROM hosting.build_log_lines WHERE operation_id = $2
         RETURNING seq)
       SELECT max(seq) AS max, count(*) AS count, pg_notify('${LOG_LINES_CHANNEL}', 'op:' || $1) AS notified
       FROM copied`,
      [this.operationId, sourceOperationId],
    );
    this.seq = rows[0]?.max ?? 0;
    this.written = Number(rows[0]?.count ?? 0);
  }

  line(stream: BuildLogLineStream, message: string, at = new Date()): void {
    if (this.written > MAX_BUILD_LOG_LINES) return;
    this.written += 1;
    const truncated = this.written > MAX_BUILD_LOG_LINES;
    const row = {
      operationId: this.operationId,
      seq: ++this.seq,
      at,
      stream: truncated ? 'SYSTEM' : stream,
      message: (truncated
        ? `build log truncated after ${MAX_BUILD_LOG_LINES} lines`
        : this.redactor.redact(message)
      ).slice(0, MAX_BUILD_LOG_LINE_CHARS),
    };
    this.chain = this.chain.then(async () => {
      if (this.failed) return;
      try {
        await this.dataSource.query(INSERT_LINE, [row.operationId, row.seq, row.at, row.stream, row.message]);
      } catch {
        this.failed = true; // a lost log line must not fail the build; flush() reports it
      }
    });
  }

  async flush(): Promise<void> {
    await this.chain;
    if (this.failed) throw new Error('build log lines could not be stored');
  }
}
