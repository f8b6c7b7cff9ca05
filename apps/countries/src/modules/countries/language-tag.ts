/**
 * RFC 5646 (BCP 47) well-formedness check and parser.
 *
 * Why not the `bcp-47` npm package (which the workspace depends on): it is ESM-only
 * ("type": "module"). This service compiles to CommonJS, and although Node >= 20.19 can
 * `require()` ES modules, the workspace allows Node 20.11 (engines) and Jest on Node 20 cannot
 * load it at all ("Must use import to load ES Module"). The grammar is small, so it is
 * implemented here straight from the ABNF of RFC 5646 §2.1; the spec beside this file checks
 * it against the wooorm/bcp-47 test vectors and, differentially, against `bcp-47` itself run in
 * a child Node process.
 *
 *   Language-Tag  = langtag / privateuse / grandfathered
 *   langtag       = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]
 *   language      = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
 *   extlang       = 3ALPHA *2("-" 3ALPHA)
 *   script        = 4ALPHA
 *   region        = 2ALPHA / 3DIGIT
 *   variant       = 5*8alphanum / (DIGIT 3alphanum)
 *   extension     = singleton 1*("-" (2*8alphanum))      ; singleton = alphanum except "x"
 *   privateuse    = "x" 1*("-" (1*8alphanum))
 *
 * Only well-formedness (§2.2.9) is checked: subtags are not looked up in the IANA registry, and
 * duplicate variants or singletons (a validity rule, not a syntax rule) are accepted.
 * Matching is case-insensitive (§2.1.1); parsed subtags keep the caller's case.
 */

export interface LanguageTagExtension {
  /** One alphanumeric character other than "x". */
  readonly singleton: string;
  readonly subtags: readonly string[];
}

export interface ParsedLanguageTag {
  /** The 26 tags of RFC 5646 §2.2.8 are matched whole, before the grammar. */
  readonly kind: 'langtag' | 'privateuse' | 'grandfathered';
  /** Set for langtag only. */
  readonly language?: string;
  readonly extlangs: readonly string[];
  readonly script?: string;
  readonly region?: string;
  readonly variants: readonly string[];
  readonly extensions: readonly LanguageTagExtension[];
  /** Subtags after "x" (without the "x"). */
  readonly privateUse: readonly string[];
  /** For kind 'grandfathered': which list of §2.2.8 the tag is on. */
  readonly grandfathered?: { readonly tag: string; readonly type: 'irregular' | 'regular' };
}

export type LanguageTagParseResult =
  { readonly ok: true; readonly tag: ParsedLanguageTag } | { readonly ok: false; readonly reason: string };

/**
 * The grandfathered tags of RFC 5646 §2.2.8 (a closed list: §3.8 forbids new ones), with the
 * Preferred-Value the IANA Language Subtag Registry gives each (null: the registry has none).
 */
export const GRANDFATHERED_TAGS: ReadonlyMap<
  string,
  { type: 'irregular' | 'regular'; preferred: string | null }
> = new Map([
  ['en-gb-oed', { type: 'irregular', preferred: 'en-GB-oxendict' }],
  ['i-ami', { type: 'irregular', preferred: 'ami' }],
  ['i-bnn', { type: 'irregular', preferred: 'bnn' }],
  ['i-default', { type: 'irregular', preferred: null }],
  ['i-enochian', { type: 'irregular', preferred: null }],
  ['i-hak', { type: 'irregular', preferred: 'hak' }],
  ['i-klingon', { type: 'irregular', preferred: 'tlh' }],
  ['i-lux', { type: 'irregular', preferred: 'lb' }],
  ['i-mingo', { type: 'irregular', preferred: null }],
  ['i-navajo', { type: 'irregular', preferred: 'nv' }],
  ['i-pwn', { type: 'irregular', preferred: 'pwn' }],
  ['i-tao', { type: 'irregular', preferred: 'tao' }],
  ['i-tay', { type: 'irregular', preferred: 'tay' }],
  ['i-tsu', { type: 'irregular', preferred: 'tsu' }],
  ['sgn-be-fr', { type: 'irregular', preferred: 'sfb' }],
  ['sgn-be-nl', { type: 'irregular', preferred: 'vgt' }],
  ['sgn-ch-de', { type: 'irregular', preferred: 'sgg' }],
  ['art-lojban', { type: 'regular', preferred: 'jbo' }],
  ['cel-gaulish', { type: 'regular', preferred: null }],
  ['no-bok', { type: 'regular', preferred: 'nb' }],
  ['no-nyn', { type: 'regular', preferred: 'nn' }],
  ['zh-guoyu', { type: 'regular', preferred: 'cmn' }],
  ['zh-hakka', { type: 'regular', preferred: 'hak' }],
  ['zh-min', { type: 'regular', preferred: null }],
  ['zh-min-nan', { type: 'regular', preferred: 'nan' }],
  ['zh-xiang', { type: 'regular', preferred: 'hsn' }],
]);

const ALPHANUM_SUBTAG = /^[A-Za-z0-9]{1,8}$/;
const ALPHA = /^[A-Za-z]+$/;
const DIGIT_FIRST_VARIANT = /^[0-9][A-Za-z0-9]{3}$/;
const LONG_VARIANT = /^[A-Za-z0-9]{5,8}$/;
const EXTENSION_SUBTAG = /^[A-Za-z0-9]{2,8}$/;

const fail = (reason: string): LanguageTagParseResult => ({ ok: false, reason });

export function parseLanguageTag(input: string): LanguageTagParseResult {
  const grandfathered = GRANDFATHERED_TAGS.get(input.toLowerCase());
  if (grandfathered) {
    return {
      ok: true,
      tag: {
        kind: 'grandfathered',
        extlangs: [],
        variants: [],
        extensions: [],
        privateUse: [],
        grandfathered: { tag: input, type: grandfathered.type },
      },
    };
  }

  const subtags = input.split('-');
  for (const [i, subtag] of subtags.entries()) {
    if (subtag === '')
      return fail(i === 0 || i === subtags.length - 1 ? 'leading or trailing "-"' : 'empty subtag ("--")');
    if (!ALPHANUM_SUBTAG.test(subtag)) {
      return fail(
        subtag.length > 8
          ? `subtag "${subtag}" is longer than 8 characters`
          : `subtag "${subtag}" has a character other than A-Z, a-z, 0-9 (subtags are separated by "-")`,
      );
    }
  }

  let i = 0;
  const peek = (): string | undefined => subtags[i];
  const isAlpha = (s: string | undefined, min: number, max: number): s is string =>
    s !== undefined && s.length >= min && s.length <= max && ALPHA.test(s);

  if (subtags[0].toLowerCase() === 'x') {
    const privateUse = subtags.slice(1);
    if (privateUse.length === 0) return fail('private-use tag "x" needs at least one subtag');
    return { ok: true, tag: { kind: 'privateuse', extlangs: [], variants: [], extensions: [], privateUse } };
  }

  const language = subtags[i];
  if (!isAlpha(language, 2, 8)) return fail(`primary language subtag "${language}" must be 2 to 8 letters`);
  i++;

  const extlangs: string[] = [];
  if (language.length <= 3) {
    while (isAlpha(peek(), 3, 3)) {
      if (extlangs.length === 3) return fail('more than 3 extended language subtags');
      extlangs.push(subtags[i++]);
    }
  }

  let script: string | undefined;
  if (isAlpha(peek(), 4, 4)) script = subtags[i++];

  let region: string | undefined;
  const maybeRegion = peek();
  if (maybeRegion !== undefined && (isAlpha(maybeRegion, 2, 2) || /^[0-9]{3}$/.test(maybeRegion))) {
    region = maybeRegion;
    i++;
  }

  const variants: string[] = [];
  for (let s = peek(); s !== undefined && (LONG_VARIANT.test(s) || DIGIT_FIRST_VARIANT.test(s)); s = peek()) {
    variants.push(s);
    i++;
  }

  const extensions: LanguageTagExtension[] = [];
  for (let s = peek(); s !== undefined && s.length === 1 && s.toLowerCase() !== 'x'; s = peek()) {
    i++;
    const extensionSubtags: string[] = [];
    for (let e = peek(); e !== undefined && EXTENSION_SUBTAG.test(e); e = peek()) {
      extensionSubtags.push(e);
      i++;
    }
    if (extensionSubtags.length === 0)
      return fail(`extension "${s}" needs at least one subtag of 2 to 8 characters`);
    extensions.push({ singleton: s, subtags: extensionSubtags });
  }

  const privateUse: string[] = [];
  if (peek()?.toLowerCase() === 'x') {
    i++;
    privateUse.push(...subtags.slice(i));
    if (privateUse.length === 0) return fail('private-use section "x" needs at least one subtag');
    i = subtags.length;
  }

  if (i < subtags.length) return fail(`unexpected subtag "${subtags[i]}" at position ${i + 1}`);

  return {
    ok: true,
    tag: { kind: 'langtag', language, extlangs, script, region, variants, extensions, privateUse },
  };
}
