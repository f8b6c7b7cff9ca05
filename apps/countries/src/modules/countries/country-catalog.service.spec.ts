import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import { CALLING_CODE_EXCEPTIONS } from './calling-code-exceptions';
import {
  COUNTRY_CATALOG_CACHE_SIZE,
  Country,
  CountryCatalog,
  CountryDetail,
  marketCacheKey,
} from './country-catalog.service';
import { cldrLocaleChain } from './subdivision-data';

function byKey(list: readonly Country[], countryKey: string): Country {
  const country = list.find((c) => c.countryKey === countryKey);
  if (!country) throw new Error(`no ${countryKey} in the list`);
  return country;
}

function detailOf(catalog: CountryCatalog, countryKey: string, locale: string): CountryDetail {
  const detail = catalog.detail(countryKey, locale);
  if (!detail) throw new Error(`no detail for ${countryKey}`);
  return detail;
}

function stateLabel(detail: CountryDetail, stateKey: string): string | undefined {
  return detail.states.find((s) => s.stateKey === stateKey)?.label;
}

describe('CountryCatalog', () => {
  const catalog = new CountryCatalog();

  describe('list', () => {
    it('has every ISO 3166-1 alpha-2 country: 249, upper case, no duplicates, no user-assigned codes', () => {
      const keys = catalog.list('en-US').map((c) => c.countryKey);
      expect(keys).toHaveLength(249);
      expect(new Set(keys).size).toBe(249);
      for (const key of keys) expect(key).toMatch(/^[A-Z]{2}$/);
      expect(keys).not.toContain('XK');
      expect(keys).toEqual(expect.arrayContaining(['AQ', 'BV', 'DE', 'FR', 'PS', 'TW', 'US', 'VA', 'EH']));
    });

    it('returns exactly callingCode, countryKey and label (no states)', () => {
      expect(Object.keys(byKey(catalog.list('en'), 'DE'))).toEqual(['callingCode', 'countryKey', 'label']);
    });

    it.each([
      ['fr-FR', 'Allemagne'],
      ['de-DE', 'Deutschland'],
      ['es-ES', 'Alemania'],
      ['ja-JP', 'ドイツ'],
      ['en-US', 'Germany'],
    ])('labels DE in the language of %s: %s', (locale, label) => {
      expect(byKey(catalog.list(locale), 'DE').label).toBe(label);
    });

    it.each(['en', 'fr-FR', 'ja-JP', 'zu', 'yue-HK', 'tlh', 'und', 'xx-ZZ'])(
      'never uses a bare code as the label (%s)',
      (locale) => {
        for (const country of catalog.list(locale)) expect(country.label).not.toBe(country.countryKey);
      },
    );

    it.each(['tlh', 'und', 'xx-ZZ', 'und-x-whatever'])(
      'serves a language ICU has no data for in English, whatever the host locale (%s)',
      (locale) => {
        const english = catalog.list('en').map((c) => [c.countryKey, c.label]);
        expect(catalog.list(locale).map((c) => [c.countryKey, c.label])).toEqual(english);
      },
    );

    it.each(['fr-FR', 'de-DE', 'es-ES', 'ja-JP', 'sv-SE', 'en-US'])(
      'is sorted by label in the collation of %s, ties by countryKey',
      (locale) => {
        const { compare } = new Intl.Collator(locale);
        const list = catalog.list(locale);
        for (let i = 1; i < list.length; i++) {
          const order = compare(list[i - 1].label, list[i].label);
          expect(order).toBeLessThanOrEqual(0);
          if (order === 0) expect(list[i - 1].countryKey < list[i].countryKey).toBe(true);
        }
      },
    );

    it('sorts "Égypte" with the Es in French, not after Z', () => {
      const labels = catalog.list('fr-FR').map((c) => c.label);
      const egypt = labels.indexOf('Égypte');
      expect(egypt).toBeGreaterThan(labels.indexOf('Dominique'));
      expect(egypt).toBeLessThan(labels.indexOf('Espagne'));
      expect(egypt).toBeLessThan(labels.indexOf('Zambie'));
      expect(labels[egypt - 1].localeCompare('E', 'fr')).toBeLessThanOrEqual(0);
      expect(labels.indexOf('États-Unis')).toBeLessThan(labels.indexOf('Fidji'));
    });

    it('honours a collation keyword: German phonebook order puts Ä with Ae', () => {
      const { compare } = new Intl.Collator('de-DE-u-co-phonebk');
      const list = catalog.list('de-DE-u-co-phonebk');
      for (let i = 1; i < list.length; i++)
        expect(compare(list[i - 1].label, list[i].label)).toBeLessThanOrEqual(0);
      expect(list).not.toBe(catalog.list('de-DE'));
    });
  });

  describe('callingCode', () => {
    it.each([
      ['FR', '33'],
      ['US', '1'],
      ['DE', '49'],
      ['CA', '1'],
      ['GB', '44'],
      ['JP', '81'],
      ['AQ', '672'],
      ['PN', '64'],
      ['BV', ''],
    ])('%s -> %p', (countryKey, callingCode) => {
      expect(byKey(catalog.list('en'), countryKey).callingCode).toBe(callingCode);
    });

    it('is digits only, never with "+"; empty only for Bouvet Island', () => {
      const list = catalog.list('en');
      for (const country of list) expect(country.callingCode).toMatch(/^[0-9]*$/);
      expect(list.filter((c) => c.callingCode === '').map((c) => c.countryKey)).toEqual(['BV']);
    });

    it('takes libphonenumber-js for every country it knows, and the exception table exactly for the rest', () => {
      const list = catalog.list('en');
      const unsupported = list.map((c) => c.countryKey).filter((key) => !isSupportedCountry(key));
      expect(unsupported.sort()).toEqual(Object.keys(CALLING_CODE_EXCEPTIONS).sort());
      for (const country of list) {
        if (isSupportedCountry(country.countryKey)) {
          expect(country.callingCode).toBe(getCountryCallingCode(country.countryKey));
        } else {
          expect(country.callingCode).toBe(CALLING_CODE_EXCEPTIONS[country.countryKey]);
        }
      }
    });
  });

  describe('detail', () => {
    it('is the list entry plus states', () => {
      const detail = detailOf(catalog, 'DE', 'fr-FR');
      expect(Object.keys(detail)).toEqual(['callingCode', 'countryKey', 'label', 'states']);
      expect(detail).toMatchObject(byKey(catalog.list('fr-FR'), 'DE'));
      expect(Object.keys(detail.states[0])).toEqual(['label', 'stateKey']);
    });

    it('lists the US states, DC and the outlying areas with full ISO 3166-2 keys', () => {
      const us = detailOf(catalog, 'US', 'en-US');
      expect(us.states.length).toBeGreaterThanOrEqual(50);
      expect(us.states).toHaveLength(57);
      expect(stateLabel(us, 'US-CA')).toBe('California');
      expect(stateLabel(us, 'US-NY')).toBe('New York');
      expect(stateLabel(us, 'US-DC')).toBeDefined();
      expect(stateLabel(us, 'US-PR')).toBe('Puerto Rico');
      for (const state of us.states) expect(state.stateKey).toMatch(/^US-[A-Z]{2}$/);
    });

    it.each([
      ['de-DE', 'Bayern', 'Kalifornien'],
      ['fr-FR', 'Bavière', 'Californie'],
      ['en-GB', 'Bavaria', 'California'],
      ['es-ES', 'Baviera', 'California'],
    ])('localizes state labels in %s', (locale, bavaria, california) => {
      const de = detailOf(catalog, 'DE', locale);
      expect(de.states).toHaveLength(16);
      for (const state of de.states) expect(state.stateKey).toMatch(/^DE-[A-Z]{2}$/);
      expect(stateLabel(de, 'DE-BY')).toBe(bavaria);
      expect(stateLabel(detailOf(catalog, 'US', locale), 'US-CA')).toBe(california);
    });

    it('labels subdivisions CLDR models as regions with the localized region name', () => {
      expect(stateLabel(detailOf(catalog, 'US', 'fr-FR'), 'US-PR')).toBe('Porto Rico');
      expect(stateLabel(detailOf(catalog, 'FR', 'de-DE'), 'FR-NC')).toBe('Neukaledonien');
    });

    it('falls back to English for a state the language has no name for, and for unknown languages', () => {
      expect(stateLabel(detailOf(catalog, 'DE', 'ja-JP'), 'DE-BY')).toBe('バイエルン自由州');
      expect(stateLabel(detailOf(catalog, 'DE', 'ja-JP'), 'DE-BW')).toBe('Baden-Württemberg');
      expect(stateLabel(detailOf(catalog, 'DE', 'tlh'), 'DE-BY')).toBe('Bavaria');
    });

    it('has a name for every state of every country (no bare ISO 3166-2 codes)', () => {
      let total = 0;
      for (const { countryKey } of catalog.list('en')) {
        for (const state of detailOf(catalog, countryKey, 'en').states) {
          expect(state.label).not.toBe(state.stateKey);
          expect(state.stateKey.startsWith(`${countryKey}-`)).toBe(true);
          total++;
        }
      }
      expect(total).toBeGreaterThan(3000);
    });

    it('sorts states by label in the market collation', () => {
      const { compare } = new Intl.Collator('fr-FR');
      const labels = detailOf(catalog, 'FR', 'fr-FR').states.map((s) => s.label);
      for (let i = 1; i < labels.length; i++)
        expect(compare(labels[i - 1], labels[i])).toBeLessThanOrEqual(0);
      expect(labels.indexOf('Île-de-France')).toBeLessThan(labels.indexOf('Normandie'));
    });

    it('has no states where ISO 3166-2 lists none', () => {
      expect(detailOf(catalog, 'AQ', 'en').states).toEqual([]);
    });

    it('matches countryKey case-insensitively', () => {
      expect(catalog.detail('fr', 'fr-FR')).toBe(catalog.detail('FR', 'fr-FR'));
      expect(catalog.detail('De', 'de-DE')?.countryKey).toBe('DE');
    });

    it.each(['ZZ', 'XK', 'QQ', 'AA', 'USA', 'U', '', '12', 'de-DE', 'ıt', ' DE'])(
      'is undefined for the unknown key %p',
      (key) => {
        expect(catalog.detail(key, 'en')).toBeUndefined();
      },
    );
  });

  describe('cache', () => {
    it('returns the same frozen list for the same market, however the locale is spelled', () => {
      const list = catalog.list('fr-FR');
      expect(catalog.list('fr-FR')).toBe(list);
      expect(catalog.list('FR-fr')).toBe(list);
      expect(catalog.list('fr-FR-x-private')).toBe(list);
      expect(Object.isFrozen(list)).toBe(true);
      for (const country of list) expect(Object.isFrozen(country)).toBe(true);
    });

    it('does not let callers corrupt cached results', () => {
      const list = catalog.list('de-DE');
      expect(() => (list as Country[]).push({ callingCode: '0', countryKey: 'XX', label: 'x' })).toThrow(
        TypeError,
      );
      expect(() => (list as Country[]).sort()).toThrow(TypeError);
      expect(() => {
        (list[0] as { label: string }).label = 'changed';
      }).toThrow(TypeError);

      const detail = detailOf(catalog, 'DE', 'de-DE');
      expect(catalog.detail('DE', 'de-DE')).toBe(detail);
      expect(Object.isFrozen(detail)).toBe(true);
      expect(Object.isFrozen(detail.states)).toBe(true);
      expect(() => (detail.states as { label: string; stateKey: string }[]).pop()).toThrow(TypeError);
      expect(() => {
        (detail.states[0] as { label: string }).label = 'changed';
      }).toThrow(TypeError);
      expect(detailOf(catalog, 'DE', 'de-DE').states).toHaveLength(16);
    });

    it(`keeps at most ${COUNTRY_CATALOG_CACHE_SIZE} markets, evicting the least recently used`, () => {
      const own = new CountryCatalog();
      const first = own.list('en-US');
      const regions = catalog
        .list('en')
        .map((c) => c.countryKey)
        .filter((k) => k !== 'US')
        .slice(0, COUNTRY_CATALOG_CACHE_SIZE);
      for (const region of regions.slice(0, -1)) own.list(`en-${region}`);
      expect(own.list('en-US')).toBe(first); // 64 markets: still cached, and now most recent
      own.list(`en-${regions[regions.length - 1]}`);
      expect(own.list('en-US')).toBe(first);
      for (const region of regions) own.list(`fr-${region}`);
      const rebuilt = own.list('en-US');
      expect(rebuilt).not.toBe(first);
      expect(rebuilt).toEqual(first);
    });
  });

  describe('marketCacheKey', () => {
    it.each([
      ['fr-fr', 'fr-FR'],
      ['de-DE-u-co-phonebk-ca-gregory', 'de-DE-u-co-phonebk'],
      ['en-US-u-kn-x-foo', 'en-US-u-kn'],
      ['sr-latn-rs', 'sr-Latn-RS'],
    ])('%s -> %s', (locale, key) => {
      expect(marketCacheKey(locale)).toBe(key);
    });

    it('throws RangeError for what Intl rejects', () => {
      expect(() => marketCacheKey('i-klingon')).toThrow(RangeError);
    });
  });

  describe('cldrLocaleChain (subdivision names inheritance)', () => {
    it.each([
      ['de-DE', ['de_DE', 'de']],
      ['de-CH', ['de_CH', 'de']],
      ['es-MX', ['es_MX', 'es_419', 'es']],
      ['en-AU', ['en_AU', 'en_001', 'en']],
      ['pt-AO', ['pt_AO', 'pt_PT', 'pt']],
      ['nb', ['nb_NO', 'nb', 'no']],
      ['zh-TW', ['zh_Hant_TW', 'zh_Hant']],
      ['zh-CN', ['zh_CN', 'zh']],
      ['sr-Latn-RS', ['sr_Latn_RS', 'sr_Latn']],
      ['und', ['en_US', 'en']],
    ])('%s -> %j', (locale, chain) => {
      expect(cldrLocaleChain(locale)).toEqual(chain);
    });
  });
});
