#!/usr/bin/env node
// Writes cldr-subdivisions.json (beside this file; not committed) from a Unicode CLDR `common/`
// tree. `npm install` runs it (the root package's postinstall) on the CLDR that the npm package
// `cldr` bundles (a devDependency pinned to 8.0.0, CLDR 48), so the repository holds only this
// script, never CLDR's data (docs/testing.md, "Third-party data at run time").
//
// Why a generated snapshot and not an npm package at run time: the published CLDR JSON
// (`cldr-subdivisions-full`) ships only *approved* subdivision names, which outside English
// means almost nothing (48.2.0: England/Scotland/Wales only). CLDR's XML also carries the
// 'provisional' names (de "Bayern", fr "Bavière", ja "バイエルン自由州", ...), but the only npm
// package bundling that XML (`cldr`) installs 286 MB and parses XML at run time. This script
// keeps what the countries service needs: the first-level ISO 3166-2 subdivisions of each
// country, their English names, and per locale only the names that differ from what the
// locale would otherwise inherit. The build (tsc, resolveJsonModule) copies the file into dist/,
// so images carry the snapshot and not the `cldr` package.
//
// Usage: node apps/countries/src/modules/countries/data/generate-subdivision-data.mjs [<CLDR common/>]
//   (default: node_modules/cldr/3rdparty/cldr/common; any CLDR release's common/ works)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const commonDir =
  process.argv[2] ??
  join(dirname(createRequire(import.meta.url).resolve('cldr/package.json')), '3rdparty', 'cldr', 'common');
const outFile = join(dirname(fileURLToPath(import.meta.url)), 'cldr-subdivisions.json');
const read = (...parts) => readFileSync(join(commonDir, ...parts), 'utf8');

function decodeXml(text) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** CLDR subdivision id ("usca", "fr20r") to ISO 3166-2 code ("US-CA", "FR-20R"). */
const isoCode = (cldrId) => `${cldrId.slice(0, 2).toUpperCase()}-${cldrId.slice(2).toUpperCase()}`;

const cldrVersion = /cldrVersion CDATA #FIXED "([^"]+)"/.exec(read('dtd', 'ldml.dtd'))?.[1];
if (!cldrVersion) throw new Error('cannot read the CLDR version from dtd/ldml.dtd');

// 1. First-level subdivisions: the <subgroup type="XX"> entries (XX = a region) of subdivisions.xml.
const topLevel = new Map();
for (const m of read('supplemental', 'subdivisions.xml').matchAll(
  /<subgroup type="([A-Z]{2})" contains="([^"]+)"/g,
)) {
  topLevel.set(m[1], m[2].trim().split(/\s+/));
}

// 2. Subdivisions that CLDR models as regions of their own (usas -> AS, frre -> RE, ...).
const regionAlias = new Map();
for (const m of read('supplemental', 'supplementalMetadata.xml').matchAll(
  /<subdivisionAlias type="([a-z0-9]+)" replacement="([A-Z]{2})"/g,
)) {
  regionAlias.set(m[1], m[2]);
}

// 3. Names per locale file, all draft levels (approved, contributed, provisional).
const nameFiles = new Map();
for (const file of readdirSync(join(commonDir, 'subdivisions')).filter((f) => f.endsWith('.xml'))) {
  const names = new Map();
  for (const m of read('subdivisions', file).matchAll(
    /<subdivision type="([a-z0-9]+)"([^>]*)>([^<]*)<\/subdivision>/g,
  )) {
    if (/\balt="/.test(m[2])) continue;
    names.set(m[1], decodeXml(m[3]).trim());
  }
  nameFiles.set(file.slice(0, -'.xml'.length), names);
}

// 4. Explicit parent locales (main block only: no component attribute).
const parentLocales = {};
const parentBlock =
  /<parentLocales>([\s\S]*?)<\/parentLocales>/.exec(read('supplemental', 'supplementalData.xml'))?.[1] ?? '';
for (const m of parentBlock.matchAll(/<parentLocale parent="([^"]+)"[^>]*locales="([^"]+)"/g)) {
  for (const child of m[2].trim().split(/\s+/)) parentLocales[child] = m[1];
}

const english = nameFiles.get('en');
const countries = {};
const regionSubdivisions = {};
const englishLines = [];
for (const [country, ids] of [...topLevel].sort(([a], [b]) => (a < b ? -1 : 1))) {
  countries[country] = ids.map(isoCode).sort();
  for (const id of ids) {
    if (regionAlias.has(id) && !english.has(id)) {
      regionSubdivisions[isoCode(id)] = regionAlias.get(id);
    } else if (english.has(id)) {
      englishLines.push(`${isoCode(id)}\t${english.get(id)}`);
    } else {
      throw new Error(`subdivision ${id} has neither an English name nor a region alias`);
    }
  }
}

// Resolution order used at run time: the locale, its CLDR parents, then English.
function parentOf(localeId) {
  if (parentLocales[localeId]) return parentLocales[localeId];
  const i = localeId.lastIndexOf('_');
  return i < 0 ? 'root' : localeId.slice(0, i);
}
function inherited(localeId, id) {
  for (let l = parentOf(localeId); l !== 'root'; l = parentOf(l)) {
    const name = nameFiles.get(l)?.get(id);
    if (name) return name;
  }
  return english.get(id);
}

const names = { en: englishLines.sort() };
for (const localeId of [...nameFiles.keys()].sort()) {
  if (localeId === 'en' || localeId === 'root') continue;
  const own = nameFiles.get(localeId);
  const lines = [];
  for (const ids of topLevel.values()) {
    for (const id of ids) {
      const name = own.get(id);
      if (name && name !== inherited(localeId, id)) lines.push(`${isoCode(id)}\t${name}`);
    }
  }
  if (lines.length > 0) names[localeId] = lines.sort();
}

const output = {
  source:
    `Unicode CLDR ${cldrVersion}: common/supplemental/subdivisions.xml (first-level subdivisions), ` +
    'supplementalMetadata.xml (subdivisionAlias to a region), supplementalData.xml (parentLocales), ' +
    'common/subdivisions/*.xml (names, every draft level). Generated by generate-subdivision-data.mjs; do not edit.',
  license:
    'Copyright © 1991-2025 Unicode, Inc. Unicode License v3 (SPDX-License-Identifier: Unicode-3.0), ' +
    'https://www.unicode.org/license.txt',
  cldrVersion,
  format:
    "countries: ISO 3166-2 codes of each country's first-level subdivisions. regionSubdivisions: codes CLDR " +
    "models as a region (label = that region's display name). parentLocales: CLDR explicit parents. " +
    'names[locale]: "CODE<TAB>name" lines; locales other than en hold only names differing from what they inherit.',
  countries,
  regionSubdivisions,
  parentLocales,
  names,
};
writeFileSync(outFile, `${JSON.stringify(output)}\n`);
const total = Object.values(names).reduce((n, lines) => n + lines.length, 0);
process.stdout.write(
  `wrote ${outFile}: CLDR ${cldrVersion}, ${Object.keys(countries).length} countries, ` +
    `${Object.keys(names).length} locales, ${total} names\n`,
);
