import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { describeWithVendorData } from '@platform/testing';
import { parseLanguageTag } from './language-tag';
import { MARKET_ID_MAX_LENGTH, parseMarketId } from './market-id';

const REPO_ROOT = path.resolve(__dirname, '../../../../..');

interface UpstreamSchema {
  language: string | null;
  extendedLanguageSubtags: string[];
  script: string | null;
  region: string | null;
  variants: string[];
  extensions: { singleton: string; extensions: string[] }[];
  privateuse: string[];
  irregular: string | null;
  regular: string | null;
}

interface VectorCase {
  tag: string;
  wellFormedRfc5646: boolean;
  parsed?: UpstreamSchema;
  reason?: string;
  nodeIntlGetCanonicalLocales: string | { error: string };
}

function intlCanonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/**
 * The well-formed vectors that Intl (UTS #35) rejects, and the locale parseMarketId maps each to
 * (see market-id.ts for the rules). They all parse: these are the documented exceptions to
 * "locale = Intl.getCanonicalLocales(marketId)".
 */
const INTL_REJECTED: Record<string, { locale: string; why: string }> = {
  'en-GB-oed': {
    locale: 'en-GB-oxendict',
    why: 'grandfathered (irregular); IANA Preferred-Value en-GB-oxendict',
  },
  'i-ami': { locale: 'ami', why: 'grandfathered; Preferred-Value ami' },
  'i-bnn': { locale: 'bnn', why: 'grandfathered; Preferred-Value bnn' },
  'i-default': { locale: 'und', why: 'grandfathered without Preferred-Value; nothing Intl takes is left' },
  'i-enochian': { locale: 'und', why: 'grandfathered without Preferred-Value' },
  'i-hak': { locale: 'hak', why: 'grandfathered; Preferred-Value hak' },
  'i-klingon': { locale: 'tlh', why: 'grandfathered; Preferred-Value tlh' },
  'i-lux': { locale: 'lb', why: 'grandfathered; Preferred-Value lb' },
  'i-mingo': { locale: 'und', why: 'grandfathered without Preferred-Value' },
  'i-navajo': { locale: 'nv', why: 'grandfathered; Preferred-Value nv' },
  'i-pwn': { locale: 'pwn', why: 'grandfathered; Preferred-Value pwn' },
  'i-tao': { locale: 'tao', why: 'grandfathered; Preferred-Value tao' },
  'i-tay': { locale: 'tay', why: 'grandfathered; Preferred-Value tay' },
  'i-tsu': { locale: 'tsu', why: 'grandfathered; Preferred-Value tsu' },
  'sgn-BE-FR': { locale: 'sfb', why: 'grandfathered; Preferred-Value sfb' },
  'sgn-BE-NL': { locale: 'vgt', why: 'grandfathered; Preferred-Value vgt' },
  'sgn-CH-DE': { locale: 'sgg', why: 'grandfathered; Preferred-Value sgg' },
  'no-bok': { locale: 'nb', why: 'grandfathered (regular); Preferred-Value nb' },
  'no-nyn': { locale: 'nn', why: 'grandfathered (regular); Preferred-Value nn' },
  'zh-min-nan': { locale: 'nan', why: 'grandfathered (regular); Preferred-Value nan' },
  'zh-min': { locale: 'zh', why: 'grandfathered without Preferred-Value; lookup fallback drops "min"' },
  'zh-cmn-Hans-CN': {
    locale: 'zh-Hans-CN',
    why: 'extlang form -> cmn-Hans-CN, which Intl canonicalizes to zh',
  },
  'zh-yue-HK': { locale: 'yue-HK', why: 'extlang form -> yue-HK' },
  'zh-yue': { locale: 'yue', why: 'extlang form -> yue' },
  'ar-afb': { locale: 'afb', why: 'extlang form -> afb' },
  'aa-bbb': { locale: 'bbb', why: 'extlang form -> bbb (well-formed, not a registered extlang)' },
  'aa-bbb-ccc-ddd': {
    locale: 'bbb',
    why: 'extlang form; the 2nd and 3rd extlangs (invalid anyway) are dropped',
  },
  'aa-bbb-ccc-1111-ccccc-b1b1b': {
    locale: 'bbb-1111-b1b1b-ccccc',
    why: 'extlang form; variants kept, sorted by Intl',
  },
  'aaa-bbb-ccc': { locale: 'bbb', why: 'extlang form' },
  'aaa-bbb-ccc-ddd-abcd-123-abc123-0abc-b-01-abc123-x-01ab-abc12': {
    locale: 'bbb-Abcd-123-0abc-abc123-b-01-abc123-x-01ab-abc12',
    why: 'extlang form; the rest is kept and canonicalized',
  },
  aaaa: {
    locale: 'und',
    why: '4-letter primary language subtags are reserved (RFC 5646 §2.2.1); UTS #35 has none',
  },
  'x-whatever': { locale: 'und-x-whatever', why: 'private-use-only tag; UTS #35 needs a language first' },
  'x-111-aaaaa-BBB': { locale: 'und-x-111-aaaaa-bbb', why: 'private-use-only tag' },
};

describeWithVendorData('bcp47-wooorm', 'vendor vectors (wooorm/bcp-47)', (set) => {
  const vectors = set.readJson<{ cases: VectorCase[] }>('bcp47-tags.json').cases;
  const wellFormed = vectors.filter((c) => c.wellFormedRfc5646);
  const illFormed = vectors.filter((c) => !c.wellFormedRfc5646);

  it('has the 97 cases the README describes', () => {
    expect(wellFormed).toHaveLength(91);
    expect(illFormed).toHaveLength(6);
  });

  it.each(wellFormed.map((c) => [c.tag, c] as const))('accepts well-formed %s', (_tag, c) => {
    const result = parseMarketId(c.tag);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const canonical = intlCanonical(c.tag);
    expect(result.locale).toBe(canonical ?? INTL_REJECTED[c.tag]?.locale);
    expect(intlCanonical(result.locale)).toBe(result.locale);
    expect(result.language).toBe(new Intl.Locale(result.locale).language ?? 'und');
  });

  it.each(illFormed.map((c) => [c.tag, c.reason] as const))('rejects ill-formed %s (%s)', (tag) => {
    const result = parseMarketId(tag);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^marketId is not a well-formed BCP 47 language tag: /);
  });

  it('documents exactly the well-formed vectors Intl rejects', () => {
    const rejected = wellFormed.filter((c) => intlCanonical(c.tag) === undefined).map((c) => c.tag);
    expect(rejected.sort()).toEqual(Object.keys(INTL_REJECTED).sort());
    // The vendor file's own record (Node 20.20.2, ICU 78.2) agrees on which ones.
    const recorded = wellFormed
      .filter((c) => typeof c.nodeIntlGetCanonicalLocales !== 'string')
      .map((c) => c.tag);
    expect(recorded.sort()).toEqual(rejected);
  });

  it.each(wellFormed.map((c) => [c.tag, c] as const))(
    'parses %s into the same subtags as upstream',
    (_tag, c) => {
      const result = parseLanguageTag(c.tag);
      expect(result.ok).toBe(true);
      if (!result.ok || !c.parsed) return;
      const { tag } = result;
      const upstream = c.parsed;
      if (upstream.irregular || upstream.regular) {
        expect(tag.kind).toBe('grandfathered');
        expect(tag.grandfathered).toEqual({
          tag: c.tag,
          type: upstream.irregular ? 'irregular' : 'regular',
        });
        return;
      }
      expect({
        language: tag.language ?? null,
        extendedLanguageSubtags: tag.extlangs,
        script: tag.script ?? null,
        region: tag.region ?? null,
        variants: tag.variants,
        extensions: tag.extensions.map((e) => ({ singleton: e.singleton, extensions: e.subtags })),
        privateuse: tag.privateUse,
        irregular: null,
        regular: null,
      }).toEqual(upstream);
    },
  );
});

describe('parseMarketId', () => {
  it.each([
    ['fr-FR', 'fr-FR', 'fr', 'FR'],
    ['EN-us', 'en-US', 'en', 'US'],
    ['de-de', 'de-DE', 'de', 'DE'],
    ['ja', 'ja', 'ja', undefined],
    ['es-419', 'es-419', 'es', '419'],
    ['zh-hant-tw', 'zh-Hant-TW', 'zh', 'TW'],
    ['de-DE-u-co-phonebk', 'de-DE-u-co-phonebk', 'de', 'DE'],
    ['xx-ZZ', 'xx-ZZ', 'xx', 'ZZ'],
  ])('%s -> locale %s', (raw, locale, language, region) => {
    const expected =
      region === undefined ? { ok: true, locale, language } : { ok: true, locale, language, region };
    expect(parseMarketId(raw)).toEqual(expected);
  });

  it('omits region when the tag has none', () => {
    expect(parseMarketId('fr')).not.toHaveProperty('region');
  });

  it.each([undefined, null, ''])('requires a value (%p)', (raw) => {
    expect(parseMarketId(raw)).toEqual({ ok: false, reason: 'marketId is required' });
  });

  it.each([
    [42, 'marketId must be a string'],
    [{ tag: 'fr' }, 'marketId must be a string'],
    [['fr-FR', 'de-DE'], 'marketId must be given once'],
  ])('rejects the non-string %p', (raw, reason) => {
    expect(parseMarketId(raw)).toEqual({ ok: false, reason });
  });

  it.each([
    'en_US',
    ' en-US',
    'en-US ',
    'en-',
    '-en',
    'en--US',
    'e',
    'en-US-x',
    'fr-FR-u',
    'en-ÉÉ',
    'de-DE\n',
    '1234',
  ])('rejects the ill-formed %j', (raw) => {
    expect(parseMarketId(raw).ok).toBe(false);
  });

  it(`caps the length at ${MARKET_ID_MAX_LENGTH} characters`, () => {
    const atLimit = `en-x${'-abcdefgh'.repeat(28)}`;
    expect(atLimit).toHaveLength(MARKET_ID_MAX_LENGTH);
    expect(parseMarketId(atLimit).ok).toBe(true);
    expect(parseMarketId(`en-x-${'a'.repeat(MARKET_ID_MAX_LENGTH)}`)).toEqual({
      ok: false,
      reason: `marketId is longer than ${MARKET_ID_MAX_LENGTH} characters`,
    });
  });

  it('falls back to the longest prefix Intl accepts (RFC 4647 lookup)', () => {
    // Duplicate variants are well-formed (RFC 5646 only makes them invalid); Intl rejects them.
    expect(parseMarketId('de-DE-1901-1901')).toMatchObject({ ok: true, locale: 'de-DE-1901' });
    expect(parseMarketId('en-a-bb-a-cc')).toMatchObject({ ok: true, locale: 'en-a-bb' });
  });
});

describe('parseLanguageTag against the bcp-47 package (differential)', () => {
  /** Deterministic pseudo-random tags: mostly plausible subtags, some broken on purpose. */
  function randomTags(count: number): string[] {
    let seed = 0x5eed;
    const next = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const alnum = `${letters}0123456789`;
    const subtag = (): string => {
      const kind = next();
      if (kind < 0.1) return pick(['x', 'X', 'i', 'u', 'a', '7']);
      if (kind < 0.15) return pick(['', '_', 'é', '  ']);
      const chars = kind < 0.6 ? letters : kind < 0.7 ? '0123456789' : alnum;
      return Array.from({ length: 1 + Math.floor(next() * 9) }, () => pick([...chars])).join('');
    };
    const tags: string[] = [];
    for (let n = 0; n < count; n++) {
      const first = pick(['en', 'zh', 'de', 'x', 'i', 'aaaa', 'abcde', 'sgn', subtag()]);
      const rest = Array.from({ length: Math.floor(next() * 7) }, subtag);
      tags.push([first, ...rest].join('-'));
    }
    return tags;
  }

  it('agrees on well-formedness for 3000 generated tags', () => {
    const { disagreements, upstream } = differential(randomTags(3000));
    expect(disagreements).toEqual([]);
    // The generator must exercise both outcomes.
    expect(upstream.filter(Boolean).length).toBeGreaterThan(300);
    expect(upstream.filter((ok) => !ok).length).toBeGreaterThan(300);
  });

  describeWithVendorData('bcp47-wooorm', 'on the vendor vectors', (set) => {
    it('agrees on well-formedness for every vector', () => {
      const vectors = set.readJson<{ cases: VectorCase[] }>('bcp47-tags.json').cases;
      const { disagreements, upstream } = differential(vectors.map((c) => c.tag));
      expect(disagreements).toEqual([]);
      expect(upstream.filter(Boolean)).toHaveLength(91);
    });
  });
});

/** Well-formedness of each tag per the bcp-47 package, and the tags where parseLanguageTag differs. */
function differential(tags: string[]): { upstream: boolean[]; disagreements: string[] } {
  // bcp-47 is ESM-only (see language-tag.ts), so it runs in a child Node process.
  const script = [
    "import { parse } from 'bcp-47';",
    "import { readFileSync } from 'node:fs';",
    "const tags = JSON.parse(readFileSync(0, 'utf8'));",
    'const ok = tags.map((t) => { const s = parse(t, { normalize: false });',
    '  return Boolean(s.language || s.irregular || s.regular || s.privateuse.length); });',
    'process.stdout.write(JSON.stringify(ok));',
  ].join('\n');
  const upstream = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      input: JSON.stringify(tags),
      encoding: 'utf8',
    }),
  ) as boolean[];
  return { upstream, disagreements: tags.filter((tag, i) => parseLanguageTag(tag).ok !== upstream[i]) };
}
