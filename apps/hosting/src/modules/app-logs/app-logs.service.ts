import { Inject, Injectable } from '@nestjs/common';
import { Errors, ViolationCode } from '@platform/errors';
import { DataSource } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';
import { AppsService } from '../apps/apps.service';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { LOG_LEVELS, SINCE_PATTERN } from './app-logs.request';
import type { LogLevel, LogSource, LogsQuery } from './app-logs.request';
import type { LogStreamSource } from './log-event-stream';
import { runtimeLogKey } from './log-notifications';
import { LogPageTokens } from './log-page-token';
import type { LogCursor, LogQueryBinding } from './log-page-token';
import { LOG_RETENTION_MS } from './runtime-log-store.service';

/** Default `since`: this long before now (spec, Limits: "default 24 hours"). */
export const DEFAULT_SINCE_MS = 24 * 3600 * 1000;
/** Clock skew tolerated at both bounds of `since` (now − 7 days, now). */
export const SINCE_SKEW_MS = 60_000;

/** A query with its defaults applied and its precedence resolved. */
export interface ResolvedLogQuery extends LogQueryBinding {
  readonly variant: Variant;
  readonly source?: LogSource;
  readonly level?: LogLevel;
  readonly after?: LogCursor;
}

export interface LogLineView {
  readonly at: Date;
  readonly id: string;
  readonly source: string;
  readonly level: string;
  readonly message: string;
}

export interface LogPage {
  readonly query: ResolvedLogQuery;
  readonly totalItems: number;
  readonly items: LogLineView[];
  /** The token of the next page, when more lines follow. */
  readonly nextToken?: string;
  /** The token this page was asked with. */
  readonly pageToken?: string;
}

function sinceViolation(code: string, message: string, value: string): Error {
  return Errors.validation([{ location: 'query', path: ['since'], code, message, value }]);
}

/** `since` (already matching SINCE_PATTERN) as an instant; a date that does not exist → INVALID_FORMAT. */
export function parseSince(text: string): Date {
  const m = SINCE_PATTERN.exec(text);
  const bad = (): Error =>
    sinceViolation(ViolationCode.INVALID_FORMAT, 'since is not a valid date-time', text);
  if (!m) throw bad();
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  const millis = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  let offsetMin = 0;
  if (m[8] !== 'Z') {
    const oh = Number(m[8].slice(1, 3));
    const om = Number(m[8].slice(4, 6));
    if (oh > 23 || om > 59) throw bad();
    offsetMin = (m[8][0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  if (hour > 23 || minute > 59 || second > 59) throw bad();
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day)
    throw bad();
  return new Date(local.getTime() - offsetMin * 60_000);
}

/** Runtime log pages (both namespaces): filter, count and keyset page over app_log_lines_query_idx. */
@Injectable()
export class AppLogsService {
  constructor(
    private readonly apps: AppsService,
    private readonly dataSource: DataSource,
    @Inject(LogPageTokens) private readonly tokens: LogPageTokens,
    private readonly redaction: LogRedaction,
  ) {}

  /**
   * Applies precedence and defaults, checks `since` against the clock (only on a first page: a
   * token proves its query was accepted), and decodes the token against the query.
   */
  resolve(appId: string, q: LogsQuery, now: Date = new Date()): ResolvedLogQuery {
    const variant = q.variant ?? q.target ?? q.environment ?? 'PREVIEW';
    let since: Date;
    if (q.since === undefined) {
      since = new Date(now.getTime() - DEFAULT_SINCE_MS);
    } else {
      since = parseSince(q.since);
      if (q.pageToken === undefined && since.getTime() < now.getTime() - LOG_RETENTION_MS - SINCE_SKEW_MS)
        throw sinceViolation(ViolationCode.OUT_OF_RANGE, 'since must be at most 7 days in the past', q.since);
      if (q.pageToken === undefined && since.getTime() > now.getTime() + SINCE_SKEW_MS)
        throw sinceViolation(ViolationCode.OUT_OF_RANGE, 'since must not be in the future', q.since);
    }
    const binding: LogQueryBinding = {
      appId,
      variant,
      since,
      source: q.source,
      level: q.level,
      pageSize: q.pageSize,
    };
    const after = q.pageToken === undefined ? undefined : this.tokens.decode(binding, q.pageToken);
    return { ...binding, variant, source: q.source, level: q.level, after };
  }

  /**
   * One page of the caller's app's lines, oldest first from `since`; APP_NOT_FOUND for another
   * account's app. Lines are stored redacted; the page is redacted again with the app's secrets of
   * now (values set since the line was stored, lines stored before redaction existed).
   */
  async page(accountId: string, appId: string, q: LogsQuery): Promise<LogPage> {
    const query = this.resolve(appId, q);
    await this.apps.require(accountId, appId);
    const { where, params } = filterOf(query);
    const countSql = `SELECT count(*)::int AS n FROM "hosting"."app_log_lines" WHERE ${where.join(' AND ')}`;
    const pageParams = [...params];
    const pageWhere = [...where];
    if (query.after) {
      pageParams.push(query.after.at, query.after.id);
      pageWhere.push(`("at", "id") > ($${pageParams.length - 1}, $${pageParams.length}::bigint)`);
    }
    pageParams.push(query.pageSize + 1);
    const pageSql = `SELECT "id", "at", "source", "level", "message" FROM "hosting"."app_log_lines"
      WHERE ${pageWhere.join(' AND ')} ORDER BY "at", "id" LIMIT $${pageParams.length}`;
    const [counted, rows, redactor] = await Promise.all([
      this.dataSource.query<{ n: number }[]>(countSql, params),
      this.dataSource.query<LogLineView[]>(pageSql, pageParams),
      this.redaction.forApp(appId),
    ]);
    const items = rows
      .slice(0, query.pageSize)
      .map((row) => (redactor.size === 0 ? row : { ...row, message: redactor.redact(row.message) }));
    const last = items[items.length - 1];
    return {
      query,
      totalItems: counted[0]?.n ?? 0,
      items,
      pageToken: q.pageToken,
      nextToken:
        rows.length > query.pageSize && last
          ? this.tokens.encode(query, { at: new Date(last.at), id: last.id })
          : undefined,
    };
  }

  /**
   * The resolved query of a live stream: the page query's filters; its position (the event id a
   * client sends back as Last-Event-ID, or a pageToken) is either a stream id (bound to the
   * app, variant, source and level only, so a reconnect with the default `since` still resumes) or
   * a page token of the same query. A stream id or token supersedes `since`.
   */
  resolveStream(appId: string, q: LogsQuery, lastEventId: string | undefined): ResolvedLogQuery {
    const position = lastEventId ?? q.pageToken;
    if (position !== undefined) {
      const after = this.tokens.decodeIfValid(streamBinding(appId, q), position);
      if (after) return { ...this.resolve(appId, { ...q, since: undefined, pageToken: undefined }), after };
    }
    return this.resolve(appId, { ...q, pageToken: position });
  }

  /**
   * The live stream of the caller's app variant (checked as a page is: the same 400 and 404): the
   * lines the query selects from its position (Last-Event-ID, else pageToken, else `since`), then
   * the lines written after them.
   */
  async follow(
    accountId: string,
    appId: string,
    q: LogsQuery,
    lastEventId?: string,
  ): Promise<LogStreamSource> {
    const query = this.resolveStream(appId, q, lastEventId);
    await this.apps.require(accountId, appId);
    let after = query.after;
    return {
      key: runtimeLogKey(appId, query.variant),
      next: async (limit) => {
        const lines = await this.linesAfter(query, after, limit);
        const last = lines[lines.length - 1];
        if (last) after = { at: new Date(last.at), id: last.id };
        const events = lines.map((line) => ({ id: this.streamId(query, line), data: runtimeLineData(line) }));
        return { events, finished: false };
      },
    };
  }

  /** The event id of a line of a stream: its (at, id) position, signed for the stream's query. */
  streamId(query: ResolvedLogQuery, line: LogLineView): string {
    return this.tokens.encode(streamBinding(query.appId, query), { at: new Date(line.at), id: line.id });
  }

  /**
   * Up to `limit` lines after `after` (or from the query's `since`), oldest first, in the order and
   * with the filters of the pages, redacted as pages are.
   */
  async linesAfter(
    query: ResolvedLogQuery,
    after: LogCursor | undefined,
    limit: number,
  ): Promise<LogLineView[]> {
    const { where, params } = filterOf(after ? { ...query, since: new Date(0) } : query);
    if (after) {
      params.push(after.at, after.id);
      where.push(`("at", "id") > ($${params.length - 1}, $${params.length}::bigint)`);
    }
    params.push(limit);
    const [rows, redactor] = await Promise.all([
      this.dataSource.query<LogLineView[]>(
        `SELECT "id", "at", "source", "level", "message" FROM "hosting"."app_log_lines"
         WHERE ${where.join(' AND ')} ORDER BY "at", "id" LIMIT $${params.length}`,
        params,
      ),
      this.redaction.forApp(query.appId),
    ]);
    return redactor.size === 0
      ? rows
      : rows.map((row) => ({ ...row, message: redactor.redact(row.message) }));
  }
}

/** The `data` of a runtime line event: the item of a log page. */
export function runtimeLineData(line: LogLineView): Record<string, string> {
  return {
    timestamp: new Date(line.at).toISOString(),
    level: line.level,
    source: line.source,
    message: line.message,
  };
}

/** What a stream id is bound to: `since` and `pageSize` play no part in a stream's position. */
function streamBinding(
  appId: string,
  q: Pick<LogsQuery, 'variant' | 'target' | 'environment' | 'source' | 'level'>,
): LogQueryBinding {
  return {
    appId,
    variant: q.variant ?? q.target ?? q.environment ?? 'PREVIEW',
    since: new Date(0),
    source: q.source,
    level: q.level,
    pageSize: 0,
  };
}

/** The WHERE of a query along app_log_lines_query_idx: app, variant, since, then the filters. */
function filterOf(query: ResolvedLogQuery): { where: string[]; params: unknown[] } {
  const where = ['"app_id" = $1', '"variant" = $2', '"at" >= $3'];
  const params: unknown[] = [query.appId, query.variant, query.since];
  if (query.source) {
    params.push(query.source);
    where.push(`"source" = $${params.length}`);
  }
  if (query.level) {
    params.push(LOG_LEVELS.slice(LOG_LEVELS.indexOf(query.level)));
    where.push(`"level" = ANY($${params.length}::varchar[])`);
  }
  return { where, params };
}
