import { Injectable } from '@nestjs/common';
import { getAlpha2Codes, getName } from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { CALLING_CODE_EXCEPTIONS } from './calling-code-exceptions';
import { LRUCache } from 'lru-cache';
import { firstLevelSubdivisions, subdivisionNameResolver, subdivisionRegion } from './subdivision-data';

export interface Country {
  /** International calling code, digits only without "+" ("33" for FR, "1" for US); "" if none applies. */
  readonly callingCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  readonly countryKey: string;
  /** Name in the market's language (CLDR via ICU), English where that language has none. */
  readonly label: string;
}

export interface CountryState {
  /** Name in the market's language where CLDR has one, else English. */
  readonly label: string;
  /** Full ISO 3166-2 code, e.g. "US-CA". */
  readonly stateKey: string;
}

export interface CountryDetail extends Country {
  /** First-level ISO 3166-2 subdivisions, sorted like the country list; empty when ISO lists none. */
  readonly states: readonly CountryState[];
}

/** How many markets' catalogs are kept; each is about 250 countries plus the details asked for. */
export const COUNTRY_CATALOG_CACHE_SIZE = 64;

/**
 * ISO 3166-1 alpha-2 codes, from i18n-iso-countries, less ISO 3166-1's user-assigned code
 * elements (AA, QM-QZ, XA-XZ, ZZ): i18n-iso-countries also lists Kosovo as XK, which is not an
 * ISO 3166-1 code. 249 countries.
 */
const ISO_COUNTRY_KEYS: readonly string[] = Object.freeze(
  Object.keys(getAlpha2Codes())
    .map((code) => code.toUpperCase())
    .filter((code) => !/^(AA|Q[M-Z]|X[A-Z]|ZZ)$/.test(code))
    .sort(),
);
const ISO_COUNTRY_KEY_SET: ReadonlySet<string> = new Set(ISO_COUNTRY_KEYS);

interface MarketCatalog {
  readonly list: readonly Country[];
  readonly byKey: ReadonlyMap<string, Country>;
  readonly details: Map<string, CountryDetail>;
  readonly regionLabel: (code: string) => string;
  readonly subdivisionName: (stateKey: string) => string | undefined;
  readonly compare: (a: string, b: string) => number;
}

/**
 * The localized country list and country details. Results are computed once per market locale,
 * kept in an LRU cache and deeply frozen: callers share them and cannot change them.
 */
@Injectable()
export class CountryCatalog {
  private readonly markets = new LRUCache<string, MarketCatalog>({ max: COUNTRY_CATALOG_CACHE_SIZE });

  /** Every ISO 3166-1 country, sorted by label in the market's collation, ties by countryKey. */
  list(locale: string): readonly Country[] {
    return this.market(locale).list;
  }

  /** One country with its states; `countryKey` is matched case-insensitively; undefined if unknown. */
  detail(countryKey: string, locale: string): CountryDetail | undefined {
    // ASCII only: toUpperCase() would turn "ıt" into "IT" and "ß" into "SS".
    if (!/^[A-Za-z]{2}$/.test(countryKey)) return undefined;
    const key = countryKey.toUpperCase();
    if (!ISO_COUNTRY_KEY_SET.has(key)) return undefined;
    const market = this.market(locale);
    let detail = market.details.get(key);
    if (!detail) {
      const country = market.byKey.get(key) as Country;
      const states = firstLevelSubdivisions(key)
        .map((stateKey) => {
          const region = subdivisionRegion(stateKey);
          const label = region ? market.regionLabel(region) : (market.subdivisionName(stateKey) ?? stateKey);
          return Object.freeze({ label, stateKey });
        })
        .sort((a, b) => market.compare(a.label, b.label) || compareKeys(a.stateKey, b.stateKey));
      detail = Object.freeze({ ...country, states: Object.freeze(states) });
      market.details.set(key, detail);
    }
    return detail;
  }

  /** `locale` must be a BCP 47 locale Intl accepts, such as `parseMarketId(...).locale`. */
  private market(locale: string): MarketCatalog {
    const key = marketCacheKey(locale);
    const cached = this.markets.get(key);
    if (cached) return cached;
    const built = buildMarket(key);
    this.markets.set(key, built);
    return built;
  }
}

/**
 * What the catalog depends on: language, script, region, variants and the collation keywords
 * (-u-co-, -u-kn-, -u-kf-). Other extensions and private use are dropped, so they neither split
 * the cache nor let a caller flood it with equivalent keys. Throws RangeError for a tag Intl rejects.
 */
export function marketCacheKey(locale: string): string {
  const parsed = new Intl.Locale(Intl.getCanonicalLocales(locale)[0] ?? 'und');
  const options: Intl.LocaleOptions = {};
  if (parsed.collation) options.collation = parsed.collation;
  if (parsed.numeric) options.numeric = true;
  if (parsed.caseFirst) options.caseFirst = parsed.caseFirst;
  return new Intl.Locale(parsed.baseName, options).toString();
}

function buildMarket(locale: string): MarketCatalog {
  // Locales ICU has no data for resolve to the host's default locale; use English instead,
  // so the answer does not depend on the machine.
  const displayLocale = Intl.DisplayNames.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  const collatorLocale = Intl.Collator.supportedLocalesOf([locale]).length > 0 ? locale : 'en';
  const localized = new Intl.DisplayNames([displayLocale], { type: 'region', fallback: 'none' });
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const regionLabel = (code: string): string =>
    localized.of(code) ?? english.of(code) ?? getName(code, 'en') ?? code;
  const { compare } = new Intl.Collator([collatorLocale]);

  const list = ISO_COUNTRY_KEYS.map((countryKey): Country =>
    Object.freeze({ callingCode: callingCodeOf(countryKey), countryKey, label: regionLabel(countryKey) }),
  ).sort((a, b) => compare(a.label, b.label) || compareKeys(a.countryKey, b.countryKey));

  return {
    list: Object.freeze(list),
    byKey: new Map(list.map((country) => [country.countryKey, country])),
    details: new Map(),
    regionLabel,
    subdivisionName: subdivisionNameResolver(locale),
    compare,
  };
}

function callingCodeOf(countryKey: string): string {
  if (isSupportedCountry(countryKey)) return getCountryCallingCode(countryKey);
  return CALLING_CODE_EXCEPTIONS[countryKey] ?? '';
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
