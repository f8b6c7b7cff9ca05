import fc from 'fast-check';

/** One forged page token or cursor and how it was made (for the failure message). */
export interface ForgedCursor {
  readonly kind: string;
  readonly token: string;
}

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const b64url = (text: string | Uint8Array): string =>
  (typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text)).toString('base64url');

/** JSON values of the wrong shape: objects, arrays of numbers, nested arrays, huge numbers. */
const wrongJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), { maxLength: 4 }),
  fc.array(fc.string({ maxLength: 40 }), { maxLength: 5 }),
  fc.tuple(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })),
  fc.record({ p: fc.oneof(fc.integer(), fc.string()), k: fc.array(fc.string(), { maxLength: 3 }) }),
);

/**
 * Forged tokens for a list, built from `real` tokens that list handed out (at least one) and
 * `foreign` tokens handed out by another list, query, store or account: random base64url, random
 * bytes, JSON of the wrong shape (bare, and followed by a digest-looking suffix), the real token cut
 * short, the real token with one character changed, a foreign token, a huge token, characters
 * outside base64url. None of them may page: every list must refuse each with its 400. One
 * arbitrary per kind, so a run can cover each.
 */
export function forgedCursorKinds(
  real: readonly string[],
  foreign: readonly string[] = [],
): fc.Arbitrary<ForgedCursor>[] {
  if (real.length === 0) throw new Error('forgedCursors needs at least one real token');
  const aReal = fc.constantFrom(...real);
  const arbitraries: fc.Arbitrary<ForgedCursor>[] = [
    fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .map((bytes) => ({ kind: 'random base64url', token: b64url(bytes) })),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/).map((token) => ({ kind: 'random base64url text', token })),
    wrongJson.map((value) => ({
      kind: 'base64url of JSON of the wrong shape',
      token: b64url(JSON.stringify(value)),
    })),
    fc.tuple(wrongJson, fc.uint8Array({ minLength: 12, maxLength: 12 })).map(([value, mac]) => ({
      kind: 'JSON of the wrong shape with a digest-looking suffix',
      token: `${b64url(JSON.stringify(value))}.${b64url(mac)}`,
    })),
    aReal
      .filter((token) => token.length > 1)
      .chain((token) =>
        fc.integer({ min: 1, max: token.length - 1 }).map((at) => ({
          kind: `real token cut to ${at} of ${token.length}`,
          token: token.slice(0, at),
        })),
      ),
    aReal.chain((token) =>
      fc
        .tuple(fc.integer({ min: 0, max: token.length - 1 }), fc.constantFrom(...B64URL, '.'))
        .filter(([at, char]) => token[at] !== char)
        .map(([at, char]) => ({
          kind: `real token with character ${at} changed to ${JSON.stringify(char)}`,
          token: `${token.slice(0, at)}${char}${token.slice(at + 1)}`,
        })),
    ),
    aReal.chain((token) =>
      fc.integer({ min: 2, max: 40 }).map((times) => ({
        kind: `real token repeated ${times} times`,
        token: token.repeat(times),
      })),
    ),
    fc
      .integer({ min: 513, max: 8000 })
      .map((length) => ({ kind: `huge token (${length})`, token: 'A'.repeat(length) })),
    fc
      .tuple(aReal, fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' }))
      .filter(([, extra]) => /[^A-Za-z0-9_-]/.test(extra))
      .map(([token, extra]) => ({
        kind: 'real token with characters outside base64url',
        token: `${token}${extra}`,
      })),
    fc
      .string({ minLength: 1, maxLength: 60, unit: 'binary' })
      .filter((token) => /[^A-Za-z0-9_.-]/.test(token))
      .map((token) => ({ kind: 'characters outside base64url', token })),
  ];
  if (foreign.length > 0)
    arbitraries.push(fc.constantFrom(...foreign).map((token) => ({ kind: 'token of another list', token })));
  return arbitraries;
}

/**
 * Runs `check` on seeded forgeries of every kind of forgedCursorKinds (`runsPerKind` each, every
 * foreign token once) and returns how many it checked; a failure names the kind and the token.
 */
export async function assertForgedCursorsRefused(
  real: readonly string[],
  foreign: readonly string[],
  check: (forged: ForgedCursor) => Promise<void>,
  options: { seed?: number; runsPerKind?: number } = {},
): Promise<number> {
  let checked = 0;
  const run = async (forged: ForgedCursor): Promise<void> => {
    checked += 1;
    try {
      await check(forged);
    } catch (error) {
      throw new Error(
        `${forged.kind}: ${JSON.stringify(forged.token.slice(0, 200))} → ${(error as Error).message}`,
      );
    }
  };
  for (const token of foreign) await run({ kind: 'token of another list', token });
  const kinds = forgedCursorKinds(real);
  for (const [index, kind] of kinds.entries())
    await fc.assert(fc.asyncProperty(kind, run), {
      seed: (options.seed ?? 4242) + index,
      numRuns: options.runsPerKind ?? 8,
      endOnFailure: true,
    });
  return checked;
}
