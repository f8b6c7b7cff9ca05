import { createHash, timingSafeEqual } from 'node:crypto';
import { parseSfDictionary } from './structured-fields';

/**
 * RFC 9530 `Content-Digest` of the raw body bytes, as UCP requires it (signatures.md: sha-256,
 * the bytes as sent, no JSON canonicalization): `sha-256=:<base64>:`.
 */
export function contentDigest(body: string | Uint8Array): string {
  return `sha-256=:${createHash('sha256').update(body).digest('base64')}:`;
}

/** The algorithms a received Content-Digest may use that we check; UCP signers use sha-256. */
const VERIFIABLE: Readonly<Record<string, string>> = { 'sha-256': 'sha256', 'sha-512': 'sha512' };

/**
 * Whether a received `Content-Digest` matches the body: every member we can compute (sha-256,
 * sha-512) must match, and at least one must be there. A malformed field does not match.
 */
export function contentDigestMatches(header: string | undefined, body: string | Uint8Array): boolean {
  if (header === undefined) return false;
  let members;
  try {
    members = parseSfDictionary(header);
  } catch {
    return false;
  }
  let checked = 0;
  for (const [algorithm, member] of members) {
    const hash = VERIFIABLE[algorithm];
    if (hash === undefined) continue;
    if ('items' in member || !(member.value instanceof Uint8Array)) return false;
    const expected = createHash(hash).update(body).digest();
    const given = Buffer.from(member.value);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    checked += 1;
  }
  return checked > 0;
}
