/**
 * First-level ISO 3166-2 subdivisions and their names, from the CLDR snapshot in
 * data/cldr-subdivisions.json, which `npm install` writes and git ignores (see
 * data/generate-subdivision-data.mjs for how and why it is generated, and its "source" and
 * "license" fields).
 *
 * - Codes: for each country, the subdivisions CLDR's subdivisions.xml lists directly under it
 *   (ISO 3166-2's top level: the 50 US states, DC and the 6 outlying areas; the 16 German Länder;
 *   the 13 French regions plus Corsica and the overseas departments and collectivities; ...).
 * - Names: the market's CLDR locale, then its CLDR parent locales (de-CH -> de, es-MX -> es-419
 *   -> es, zh-TW -> zh-Hant -> root), then English. Outside English most CLDR subdivision names
 *   are at the 'provisional' draft level: CLDR has them, but they are not in the approved data
 *   that ICU and the cldr-json packages ship.
 * - A subdivision that CLDR models as a region of its own (US-PR -> PR, FR-NC -> NC) has no
 *   subdivision name; callers label it with the region's display name.
 */
import subdivisionData from './data/cldr-subdivisions.json';

const countries: Readonly<Record<string, readonly string[] | undefined>> = subdivisionData.countries;
const regionSubdivisions: Readonly<Record<string, string | undefined>> = subdivisionData.regionSubdivisions;
const parentLocales: Readonly<Record<string, string | undefined>> = subdivisionData.parentLocales;
const nameLines: Readonly<Record<string, readonly string[] | undefined>> = subdivisionData.names;

export const SUBDIVISION_DATA_CLDR_VERSION: string = subdivisionData.cldrVersion;

/** ISO 3166-2 codes of the country's first-level subdivisions; empty when ISO lists none. */
export function firstLevelSubdivisions(countryKey: string): readonly string[] {
  return countries[countryKey] ?? [];
}

/** The ISO 3166-1 region CLDR uses for this subdivision instead of a subdivision name, if any. */
export function subdivisionRegion(stateKey: string): string | undefined {
  return regionSubdivisions[stateKey];
}

const parsedNames = new Map<string, ReadonlyMap<string, string>>();

function namesOf(cldrLocale: string): ReadonlyMap<string, string> | undefined {
  const lines = nameLines[cldrLocale];
  if (!lines) return undefined;
  let names = parsedNames.get(cldrLocale);
  if (!names) {
    const map = new Map<string, string>();
    for (const line of lines) {
      const tab = line.indexOf('\t');
      map.set(line.slice(0, tab), line.slice(tab + 1));
    }
    names = map;
    parsedNames.set(cldrLocale, names);
  }
  return names;
}

/**
 * CLDR locale ids ("de_CH", "es_419") to look names up in, most specific first, ending before
 * root (UTS #35 §4.1 "Locale Inheritance and Matching": explicit parentLocales, else truncation;
 * a script that is not the language's likely script inherits from root).
 */
export function cldrLocaleChain(locale: string): string[] {
  const maximized = new Intl.Locale(locale).maximize();
  const language = maximized.language || 'und';
  const likelyScript = new Intl.Locale(language).maximize().script;
  const start = [language];
  if (maximized.script && maximized.script !== likelyScript) start.push(maximized.script);
  if (maximized.region) start.push(maximized.region);

  const chain: string[] = [];
  for (
    let id: string | undefined = start.join('_');
    id && id !== 'root' && !chain.includes(id);
    id = parentOf(id)
  ) {
    chain.push(id);
  }
  return chain;
}

function parentOf(id: string): string {
  const explicit = parentLocales[id];
  if (explicit) return explicit;
  const parts = id.split('_');
  if (parts.length === 1) return 'root';
  if (parts.length === 2 && /^[A-Z][a-z]{3}$/.test(parts[1])) {
    const likelyScript = new Intl.Locale(parts[0]).maximize().script;
    if (parts[1] !== likelyScript) return 'root';
  }
  return parts.slice(0, -1).join('_');
}

/** A resolver of subdivision names for one locale: its CLDR chain, then English. */
export function subdivisionNameResolver(locale: string): (stateKey: string) => string | undefined {
  const maps = [...cldrLocaleChain(locale), 'en']
    .map(namesOf)
    .filter((m): m is ReadonlyMap<string, string> => m !== undefined);
  return (stateKey) => {
    for (const names of maps) {
      const name = names.get(stateKey);
      if (name !== undefined) return name;
    }
    return undefined;
  };
}
