import { createHash, timingSafeEqual } from 'node:crypto';

/** Longest token any list accepts (REST pageToken, GraphQL after/before); longer is refused unread. */
export const MAX_LIST_CURSOR_LENGTH = 512;
/** Longest single part (a sort value or an id) a cursor carries. */
export const MAX_LIST_CURSOR_PART_LENGTH = 256;

const DIGEST_BYTES = 12;
// The digest is 12 bytes: 16 base64url characters.
const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{16})$/;
// NUL cannot be stored in PostgreSQL text; a lone surrogate does not survive UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isSafePart = (part: string): boolean => !part.includes('\u0000') && !LONE_SURROGATE.test(part);

/** A part of a position: a sort value or id as text, or null (a NULL sort value). */
export type ListCursorPart = string | null;

function digest(binding: string, body: string): string {
  return createHash('sha256')
    .update(`list-cursor/v1\n${binding}\n${body}`, 'utf8')
    .digest()
    .subarray(0, DIGEST_BYTES)
    .toString('base64url');
}

/**
 * The one codec of list positions (REST page tokens, GraphQL connection cursors):
 * `base64url(JSON array of parts) + "." + digest`, where the digest (SHA-256, first 96 bits) covers
 * the parts and the `binding` — whatever the list wants the token tied to: its name, the store or
 * account, its filters, its sort. The binding is not in the token, so a token of another list,
 * query or store fails to open, as does a truncated token or one with any character changed.
 *
 * It is a checksum, not a signature: nothing secret goes in, and a client who rebuilds the scheme
 * can only choose where a page of a list it may already read starts. Callers still validate the
 * parts they get back (types, ranges) before they reach SQL.
 */
export function encodeListCursor(parts: readonly ListCursorPart[], binding: string): string {
  const body = Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
  return `${body}.${digest(binding, body)}`;
}

/**
 * The parts of a token this codec made for the same `binding`, with exactly `arity` parts, each a
 * string (or null where `nullable`) of at most MAX_LIST_CURSOR_PART_LENGTH characters without NUL
 * or lone surrogates; undefined for anything else (never throws, whatever the input).
 */
export function decodeListCursor(
  token: unknown,
  binding: string,
  arity: number,
  options: { nullable?: boolean } = {},
): ListCursorPart[] | undefined {
  if (typeof token !== 'string' || token.length > MAX_LIST_CURSOR_LENGTH) return undefined;
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, body, given] = match;
  const expected = digest(binding, body);
  if (!timingSafeEqual(Buffer.from(given, 'ascii'), Buffer.from(expected, 'ascii'))) return undefined;
  const bytes = Buffer.from(body, 'base64url');
  // base64url's last character can carry unused bits: only the canonical spelling is ours.
  if (bytes.toString('base64url') !== body) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== arity) return undefined;
  const parts: ListCursorPart[] = [];
  for (const part of parsed as unknown[]) {
    if (part === null && options.nullable) parts.push(null);
    else if (typeof part === 'string' && part.length <= MAX_LIST_CURSOR_PART_LENGTH && isSafePart(part))
      parts.push(part);
    else return undefined;
  }
  return parts;
}
