import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Conditional GETs of the REST paths (RFC 9110 §8.8.3, §13.1.2): the gateway gives every 200
 * answer to a GET that it buffers a strong entity tag, the SHA-256 of the body, and answers
 * `If-None-Match` naming it with 304 and no body. Writes are untouched. The tag names the
 * representation: a body the gateway then compresses is another representation, so its tag gets
 * the coding (`"<hash>.br"`, `"<hash>.gzip"`, as Apache's mod_deflate does), and any of them
 * matches, since they all encode the same body.
 */

/** Largest answer the gateway reads whole (to tag it, and to compress it in one step). */
export const BUFFERED_ANSWER_MAX_BYTES = 1024 * 1024;

/** Codings the gateway compresses with; a tag's suffix is one of them. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;

/** The strong tag of a body: `"<base64url SHA-256>"`. */
export function entityTagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** The tag of the body's representation in `coding` (`"<hash>.gzip"`). */
export function codedEntityTag(tag: string, coding: string): string {
  return `${tag.slice(0, -1)}.${coding}"`;
}

/** The hash part of a tag of ours, or undefined for any other opaque tag. */
function hashOf(tag: string): string | undefined {
  const match = /^(?:W\/)?"([A-Za-z0-9_-]{43})(?:\.(?:br|gzip))?"$/.exec(tag);
  return match?.[1];
}

/**
 * The tag of `If-None-Match` that matches the current tag (weak comparison, as §13.1.2 asks for
 * If-None-Match), `*` included; undefined when none does or there is no such header.
 */
export function matchingEntityTag(ifNoneMatch: string | undefined, current: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  const currentHash = hashOf(current);
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return current;
    if (currentHash !== undefined && hashOf(tag) === currentHash) return tag.replace(/^W\//, '');
  }
  return undefined;
}

/**
 * Whether the gateway reads a service's answer whole before passing it on: a known length up to
 * BUFFERED_ANSWER_MAX_BYTES, not an event stream, not to HEAD. Bodies of unknown length (a
 * chunked stream, which may be one that must reach the client as it is written) and larger ones
 * are streamed as they come.
 */
export function isBufferedAnswer(method: string, headers: IncomingHttpHeaders): boolean {
  if (method === 'HEAD') return false;
  const length = Number(headers['content-length']);
  if (
    headers['content-length'] === undefined ||
    !Number.isFinite(length) ||
    length > BUFFERED_ANSWER_MAX_BYTES
  )
    return false;
  return !/^text\/event-stream/i.test(String(headers['content-type'] ?? ''));
}
