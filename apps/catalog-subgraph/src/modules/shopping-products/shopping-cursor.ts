import { isUuid } from '@platform/graphql-subgraph';

/** Where a search page ends: the last SKU group's (createdAt, id), the order pages walk. */
export interface SearchPosition {
  readonly createdAt: Date;
  readonly id: string;
}

const PREFIX = 'sp1';

/** The opaque cursor of a position: base64url of `sp1|<createdAt ISO>|<id>`. */
export function encodeSearchCursor(position: SearchPosition): string {
  return Buffer.from(`${PREFIX}|${position.createdAt.toISOString()}|${position.id}`, 'utf8').toString(
    'base64url',
  );
}

/** The position a cursor names, or null when it is not one this service made (the caller's 400). */
export function decodeSearchCursor(cursor: string): SearchPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const [, at, id] = parts;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) || !isUuid(id)) return null;
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) return null;
  return { createdAt, id: id.toLowerCase() };
}
