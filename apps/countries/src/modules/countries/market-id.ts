import { GRANDFATHERED_TAGS, ParsedLanguageTag, parseLanguageTag } from './language-tag';

/**
 * marketId: required; any RFC 5646 well-formed language tag, matched case-insensitively.
 *
 * `locale` is what the catalog works with: a Unicode BCP 47 locale id (UTS #35) in canonical
 * form from `Intl.getCanonicalLocales` ("EN-us" -> "en-US", "cmn-Hans-CN" -> "zh-Hans-CN").
 * Intl is stricter than RFC 5646 and rejects some well-formed tags; those are mapped, in order:
 *   1. a grandfathered tag -> its IANA Preferred-Value ("i-klingon" -> "tlh", "no-bok" -> "nb");
 *   2. extlang form -> the extlang as primary language (RFC 5646 §4.5: "zh-yue-HK" -> "yue-HK");
 *   3. a reserved 4-letter primary language ("aaaa") -> "und";
 *   4. a private-use-only tag ("x-whatever") -> "und-x-whatever";
 *   5. still rejected -> drop subtags from the end until Intl accepts (RFC 4647 §3.4 lookup),
 *      down to "und" ("i-default", "zh-min" -> "zh").
 * Unknown but well-formed markets ("xx-ZZ") are accepted; the catalog serves them with its
 * English fallbacks.
 */
export type MarketIdResult =
  { ok: true; locale: string; language: string; region?: string } | { ok: false; reason: string };

/**
 * RFC 5646 sets no maximum length (§4.4.1 only asks for at least 35 characters); this cap keeps
 * the work per request bounded.
 */
export const MARKET_ID_MAX_LENGTH = 256;

export function parseMarketId(raw: unknown): MarketIdResult {
  if (raw === undefined || raw === null || raw === '') return { ok: false, reason: 'marketId is required' };
  if (typeof raw !== 'string') {
    return {
      ok: false,
      reason: Array.isArray(raw) ? 'marketId must be given once' : 'marketId must be a string',
    };
  }
  if (raw.length > MARKET_ID_MAX_LENGTH) {
    return { ok: false, reason: `marketId is longer than ${MARKET_ID_MAX_LENGTH} characters` };
  }
  const parsed = parseLanguageTag(raw);
  if (!parsed.ok)
    return { ok: false, reason: `marketId is not a well-formed BCP 47 language tag: ${parsed.reason}` };

  const locale = toIntlLocale(raw, parsed.tag);
  const intlLocale = new Intl.Locale(locale);
  // V8 reports the undetermined language "und" as an undefined `language`.
  const language = intlLocale.language || 'und';
  const region = intlLocale.region || undefined;
  return region === undefined ? { ok: true, locale, language } : { ok: true, locale, language, region };
}

function toIntlLocale(raw: string, tag: ParsedLanguageTag): string {
  return canonicalOrUndefined(raw) ?? lookupFallback(intlFriendly(raw, tag));
}

/** Rewrites the forms Intl (UTS #35) does not take, per steps 1 to 4 above. */
function intlFriendly(raw: string, tag: ParsedLanguageTag): string {
  switch (tag.kind) {
    case 'grandfathered':
      return GRANDFATHERED_TAGS.get(raw.toLowerCase())?.preferred ?? raw;
    case 'privateuse':
      return ['und', 'x', ...tag.privateUse].join('-');
    case 'langtag': {
      const language = tag.extlangs[0] ?? (tag.language?.length === 4 ? 'und' : (tag.language ?? 'und'));
      return [
        language,
        tag.script,
        tag.region,
        ...tag.variants,
        ...tag.extensions.flatMap((e) => [e.singleton, ...e.subtags]),
        ...(tag.privateUse.length > 0 ? ['x', ...tag.privateUse] : []),
      ]
        .filter((s): s is string => s !== undefined)
        .join('-');
    }
  }
}

/** RFC 4647 §3.4: remove subtags from the end (and a singleton left dangling) until Intl accepts. */
function lookupFallback(tag: string): string {
  const subtags = tag.split('-');
  while (subtags.length > 0) {
    const canonical = canonicalOrUndefined(subtags.join('-'));
    if (canonical !== undefined) return canonical;
    subtags.pop();
    if (subtags.length > 0 && subtags[subtags.length - 1].length === 1) subtags.pop();
  }
  return 'und';
}

function canonicalOrUndefined(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}
