import { Errors } from '@platform/errors';
import type { DataSource } from 'typeorm';
import type { LogStreamSource } from '../app-logs/log-event-stream';
import { buildLogKey } from '../app-logs/log-notifications';
import { SecretRedactor } from '../secrets';
import type { BuildLogLineEntity } from './build-log-line.entity';
import { formatLogLine } from './build-log-lines';

const SEQ = /^\d{1,9}$/;

/**
 * The position a build log stream resumes after: Last-Event-ID (else `pageToken`), the `seq` of the
 * last line received (a decimal; an operation's lines are numbered 1, 2, … in order), 0 from the
 * start; anything else → 400 INVALID_REQUEST with `details[].issue` INVALID_PAGE_TOKEN.
 */
export function buildLogPosition(lastEventId: string | undefined): number {
  if (lastEventId === undefined) return 0;
  if (SEQ.test(lastEventId)) return Number(lastEventId);
  throw Errors.validation([
    {
      location: 'header',
      path: ['Last-Event-ID'],
      code: 'INVALID_PAGE_TOKEN',
      message: 'Last-Event-ID must be the id of an event of this stream',
      value: lastEventId,
    },
  ]);
}

export interface BuildLogFollowOptions {
  readonly dataSource: DataSource;
  readonly operationId: string;
  /** `seq` of the last line the reader has (buildLogPosition). */
  readonly after: number;
  readonly redactor?: SecretRedactor;
  /** Whether the operation ended (no line can follow); asked before each read. */
  readonly ended: () => Promise<boolean>;
}

/**
 * A live stream of an operation's build log (a running deployment's): its lines from `after` in
 * `seq` order, each event's id its `seq` and its data `{line}` (the opaque string of `lines[]`),
 * finished once the operation ended and every line was sent.
 */
export function followBuildLog(options: BuildLogFollowOptions): LogStreamSource {
  const redactor = options.redactor ?? SecretRedactor.NONE;
  let after = options.after;
  return {
    key: buildLogKey(options.operationId),
    async next(limit) {
      // Asked first: a line written before the operation ended is read below.
      const ended = await options.ended();
      const rows = await options.dataSource.query<BuildLogLineEntity[]>(
        `SELECT "operation_id" AS "operationId", "seq", "at", "stream", "message"
         FROM "hosting"."build_log_lines" WHERE "operation_id" = $1 AND "seq" > $2 ORDER BY "seq" LIMIT $3`,
        [options.operationId, after, limit],
      );
      if (rows.length > 0) after = rows[rows.length - 1].seq;
      const events = rows.map((row) => ({
        id: String(row.seq),
        data: { line: formatLogLine({ ...row, message: redactor.redact(row.message) }) },
      }));
      return { events, finished: ended };
    },
  };
}
