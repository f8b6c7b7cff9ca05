import { Errors } from '@platform/errors';
import type { DataSource } from 'typeorm';
import type { LogStreamSource } from '../app-logs/log-event-stream';
import { buildLogKey } from '../app-logs/log-notifications';
import { SecretRedactor } from '../secrets';
import type { BuildLogLineEntity } from './build-log-line.entity';
import { formatLogLine } from './build-log-lines';

const SEQ = /^\d{1,9}$/;

/** Where a reader asks a build log stream to resume: the Last-Event-ID header, or `pageToken`. */
export interface BuildLogResume {
  readonly lastEventId?: string;
  readonly pageToken?: string;
}

/**
 * The position a build log stream resumes after: Last-Event-ID (else `pageToken`), the `seq` of the
 * last line received (a decimal; an operation's lines are numbered 1, 2, … in order, each event's id
 * its `seq`), 0 from the start; anything else → 400 INVALID_REQUEST with `details[].issue`
 * INVALID_PAGE_TOKEN naming the header or the parameter given.
 */
export function buildLogPosition({ lastEventId, pageToken }: BuildLogResume): number {
  const [given, location, path] =
    lastEventId !== undefined
      ? [lastEventId, 'header' as const, 'Last-Event-ID']
      : [pageToken, 'query' as const, 'pageToken'];
  if (given === undefined) return 0;
  if (SEQ.test(given)) return Number(given);
  throw Errors.validation([
    {
      location,
      path: [path],
      code: 'INVALID_PAGE_TOKEN',
      message: `${path} must be the id of an event of this stream`,
      value: given,
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
