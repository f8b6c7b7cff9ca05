import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Longest token any list accepts (REST pageToken, GraphQL after/before); longer is refused unread. */
export const MAX_LIST_CURSOR_LENGTH = 512;
/** Longest single part (a sort value or an id) a cursor carries. */
export const MAX_LIST_CURSOR_PART_LENGTH = 256;

/**
 * What closes a token: the first `bytes` of SHA-256 over `label`, the binding and the body, in
 * base64url. Without a key it is a checksum anyone can recompute; with one (HMAC-SHA256) a signature.
 */
interface Seal {
  readonly label: string;
  readonly bytes: number;
  readonly key?: Buffer;
}

// 12 bytes: 16 base64url characters.
const CHECKSUM: Seal = { label: 'list-cursor/v1', bytes: 12 };
const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{16})$/;
// One part of a signed cursor, and its digest: base64url text (no dot, the separator).
const SIGNED_PART = /^[A-Za-z0-9_-]+$/;
// NUL cannot be stored in PostgreSQL text; a lone surrogate does not survive UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isSafePart = (part: string): boolean => !part.includes('\u0000') && !LONE_SURROGATE.test(part);

function digest(seal: Seal, binding: string, body: string): string {
  const hash = seal.key ? createHmac('sha256', seal.key) : createHash('sha256');
  return hash
    .update(`${seal.label}\n${binding}\n${body}`, 'utf8')
    .digest()
    .subarray(0, seal.bytes)
    .toString('base64url');
}

/**
 * Whether `given` is the digest of `body` under `binding`. Compared as text, not decoded bytes:
 * base64url's last character can carry unused bits, so a token differing only there must not pass.
 */
function sealed(seal: Seal, binding: string, body: string, given: string): boolean {
  const expected = Buffer.from(digest(seal, binding, body), 'ascii');
  const actual = Buffer.from(given, 'ascii');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A part of a position: a sort value or id as text, or null (a NULL sort value). */
export type ListCursorPart = string | null;

/**
 * The one codec of list positions (REST page tokens, GraphQL connection cursors):
 * `base64url(JSON array of parts) + "." + digest`, where the digest (SHA-256, first 96 bits) covers
 * the parts and the `binding` — whatever the list wants the token tied to: its name, the store or
 * account, its filters, its sort. The binding is not in the token, so a token of another list,
 * query or store fails to open, as does a truncated token or one with any character changed.
 *
 * It is a checksum, not a signature: nothing secret goes in, and a client who rebuilds the scheme
 * can only choose where a page of a list it may already read starts. Callers still validate the
 * parts they get back (types, ranges) before they reach SQL. A list whose positions a client must
 * not choose signs them instead: SignedListCursors.
 */
export function encodeListCursor(parts: readonly ListCursorPart[], binding: string): string {
  const body = Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
  return `${body}.${digest(CHECKSUM, binding, body)}`;
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
  if (!sealed(CHECKSUM, binding, body, given)) return undefined;
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

/**
 * The signed form of the list-cursor codec, for a list whose positions a client must not choose:
 * `part.part….mac`, the parts as they are (base64url text: digits, ids) and the mac HMAC-SHA256
 * (first 128 bits, base64url) over `v1`, the `binding` and the parts, under a key derived from
 * `secret` with `label` (HMAC-SHA256 of the label). As with the checksum codec the binding is not in
 * the token, so a token of another list or query fails to open, as does a truncated, altered or
 * forged one; unlike it, nobody without the secret can make one. Rotating the secret invalidates
 * every token.
 */
export class SignedListCursors {
  private readonly seal: Seal;

  constructor(secret: Buffer, label: string) {
    if (secret.length === 0) throw new Error(`${label}: signed list cursors need a secret`);
    this.seal = { label: 'v1', bytes: 16, key: createHmac('sha256', secret).update(label).digest() };
  }

  /** The token of `parts` (each non-empty base64url text, at most MAX_LIST_CURSOR_PART_LENGTH). */
  encode(parts: readonly string[], binding: string): string {
    for (const part of parts)
      if (!SIGNED_PART.test(part) || part.length > MAX_LIST_CURSOR_PART_LENGTH)
        throw new Error('a signed list cursor part is non-empty base64url text');
    const body = parts.join('.');
    return `${body}.${digest(this.seal, binding, body)}`;
  }

  /**
   * The parts of a token made with this secret and label for the same `binding`, exactly `arity`
   * of them; undefined for anything else (never throws, whatever the input). Callers still check
   * each part's shape.
   */
  decode(token: unknown, binding: string, arity: number): string[] | undefined {
    if (typeof token !== 'string' || token.length > MAX_LIST_CURSOR_LENGTH) return undefined;
    const pieces = token.split('.');
    if (pieces.length !== arity + 1 || !pieces.every((piece) => SIGNED_PART.test(piece))) return undefined;
    const parts = pieces.slice(0, arity);
    return sealed(this.seal, binding, parts.join('.'), pieces[arity]) ? parts : undefined;
  }
}
