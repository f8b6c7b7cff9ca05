import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../apps/apps.response';
import type { LogPage } from './app-logs.service';

export class LogEntryResponse {
  @ApiProperty({ example: '2026-01-01T12:00:00.123Z', description: 'ISO 8601, milliseconds, Z' })
  timestamp!: string;

  @ApiProperty({ example: 'INFO', description: 'DEBUG, INFO, WARN, ERROR (tolerate others)' })
  level!: string;

  @ApiProperty({ example: 'STDOUT', description: 'STDOUT, STDERR, SYSTEM (tolerate others)' })
  source!: string;

  @ApiProperty({ description: 'One line, at most 16 Ki characters (longer lines are cut)' })
  message!: string;
}

/** Spec "Log page". */
export class LogPageResponse {
  @ApiProperty({ description: 'Lines matching the query (all pages)' })
  totalItems!: number;

  @ApiProperty({ description: 'ceil(totalItems / pageSize)' })
  totalPages!: number;

  @ApiProperty({ type: [LogEntryResponse], description: 'Oldest first' })
  items!: LogEntryResponse[];

  @ApiProperty({ type: [LinkResponse], description: 'self; next while more lines follow' })
  links!: LinkResponse[];
}

/** Where the page was asked: the path of the logs route and how it names the variant. */
export interface LogRoute {
  readonly path: string;
  /** `['variant', 'PREVIEW']` (/v1/hosting) or `['target', 'preview']` (earlier namespace). */
  readonly variantParam: (variant: string) => [string, string];
}

function href(route: LogRoute, page: LogPage, pageToken: string | undefined): string {
  const q = page.query;
  const params = new URLSearchParams([route.variantParam(q.variant)]);
  params.set('since', q.since.toISOString());
  if (q.source) params.set('source', q.source);
  if (q.level) params.set('level', q.level);
  params.set('pageSize', String(q.pageSize));
  if (pageToken !== undefined) params.set('pageToken', pageToken);
  return `${route.path}?${params.toString()}`;
}

export function toLogPageResponse(page: LogPage, route: LogRoute): LogPageResponse {
  const links: LinkResponse[] = [{ rel: 'self', href: href(route, page, page.pageToken) }];
  if (page.nextToken !== undefined) links.push({ rel: 'next', href: href(route, page, page.nextToken) });
  return {
    totalItems: page.totalItems,
    totalPages: Math.ceil(page.totalItems / page.query.pageSize),
    items: page.items.map((l) => ({
      timestamp: new Date(l.at).toISOString(),
      level: l.level,
      source: l.source,
      message: l.message,
    })),
    links,
  };
}
