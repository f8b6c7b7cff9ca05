import { readdirSync } from 'node:fs';
import type { VendorDataSet } from '@platform/testing';
import type { RequirementCoverage } from './coverage';

// The third-party register of UCP 2026-04-08's MUST/SHOULD/MAY statements
// (spck-requirements-2026-04-08/*.json in the `ucp` vendor data set) and the checks of
// coverage.ts against it. Pure apart from readRequirementRows: the spec feeds both real and
// made-up inputs.

export const REGISTER_FOLDER = 'spck-requirements-2026-04-08';

export interface RequirementRow {
  readonly id: string;
  readonly requirement: string;
  /** MUST, MUST NOT, REQUIRED, SHOULD, SHOULD NOT, MAY (RFC 2119 as the register spells it). */
  readonly keyword: string;
  readonly source: string;
  readonly testability: string;
  /** The register file it came from (`checkout-lifecycle.json`). */
  readonly file: string;
}

export type KeywordClass = 'MUST' | 'SHOULD' | 'MAY';

/** Every row of every register file, in file then row order. */
export function readRequirementRows(set: VendorDataSet): RequirementRow[] {
  const names = readdirSync(set.file(REGISTER_FOLDER))
    .filter((name) => name.endsWith('.json'))
    .sort();
  return names.flatMap((name) => {
    const doc = set.readJson<{ rows?: Array<Omit<RequirementRow, 'file'>> }>(REGISTER_FOLDER, name);
    return (doc.rows ?? []).map((row) => ({ ...row, file: name }));
  });
}

/** MUST, MUST NOT and REQUIRED are one class (RFC 2119), as are SHOULD and SHOULD NOT. */
export function keywordClass(keyword: string): KeywordClass {
  if (/^(MUST|REQUIRED|SHALL)/.test(keyword)) return 'MUST';
  if (/^(SHOULD|RECOMMENDED)/.test(keyword)) return 'SHOULD';
  if (/^(MAY|OPTIONAL)/.test(keyword)) return 'MAY';
  throw new Error(`unknown RFC 2119 keyword ${JSON.stringify(keyword)}`);
}

/** Row ids of the register missing from the table, and table ids the register does not have. */
export function tableDifferences(
  rows: readonly RequirementRow[],
  table: Readonly<Record<string, RequirementCoverage>>,
): { missing: string[]; unknown: string[]; duplicates: string[] } {
  const ids = rows.map((row) => row.id);
  const inRegister = new Set(ids);
  return {
    missing: ids.filter((id) => !(id in table)),
    unknown: Object.keys(table).filter((id) => !inRegister.has(id)),
    duplicates: ids.filter((id, i) => ids.indexOf(id) !== i),
  };
}

/** A covered entry split into its test file and title fragment. */
export function coveredTarget(covered: string): { file: string; title: string } | undefined {
  const at = covered.indexOf('#');
  if (at <= 0) return undefined;
  return { file: covered.slice(0, at), title: covered.slice(at + 1) };
}

/** A call that takes a test title as its first argument: `it(`, `test(`, `it.only(`, `it.each(…)(`. */
const TITLE_CALL = /(?:\b(?:it|test)(?:\.(?:only|skip|concurrent|failing))?|\))\($/;

/**
 * Whether `fragment` is part of a test title in a spec's text: inside a one-line string literal
 * that is the first argument of it/test (or of the function it.each returns). Text that only
 * mentions the words (a comment, another string) does not count.
 */
export function containsTestTitle(text: string, fragment: string): boolean {
  for (let at = text.indexOf(fragment); at >= 0 && fragment; at = text.indexOf(fragment, at + 1)) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const newline = text.indexOf('\n', at + fragment.length);
    const lineEnd = newline < 0 ? text.length : newline;
    for (const quote of ["'", '"', '`']) {
      if (fragment.includes(quote)) continue;
      const open = text.lastIndexOf(quote, at - 1);
      const close = text.indexOf(quote, at + fragment.length);
      if (open < lineStart || close < 0 || close > lineEnd) continue;
      if (TITLE_CALL.test(text.slice(0, open).trimEnd())) return true;
    }
  }
  return false;
}

/** The shortest title fragment accepted: long enough to name one test, not a word that is everywhere. */
export const MIN_TITLE_FRAGMENT = 12;

/**
 * What is wrong with the table's entries: a covered entry that is not `<spec file>#<title>`, names a
 * file that does not exist (`readText` gives undefined), or a title its text does not contain; a
 * pending or not-applicable entry without a reason; an entry of more than one kind.
 */
export function entryProblems(
  table: Readonly<Record<string, RequirementCoverage>>,
  readText: (file: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  for (const [id, entry] of Object.entries(table)) {
    const kinds = Object.keys(entry).filter((k) => ['covered', 'pending', 'notApplicable'].includes(k));
    if (kinds.length !== 1) {
      problems.push(`${id}: one of covered, pending or notApplicable, not ${JSON.stringify(entry)}`);
      continue;
    }
    if ('pending' in entry && !entry.pending.trim())
      problems.push(`${id}: pending without what will cover it`);
    if ('notApplicable' in entry && !entry.notApplicable.trim())
      problems.push(`${id}: notApplicable without a reason`);
    if (!('covered' in entry)) continue;
    const target = coveredTarget(entry.covered);
    if (!target || !/\.(e2e-)?spec\.ts$/.test(target.file)) {
      problems.push(
        `${id}: covered ${JSON.stringify(entry.covered)} is not '<*.spec.ts or *.e2e-spec.ts>#<title>'`,
      );
      continue;
    }
    if (target.title.trim().length < MIN_TITLE_FRAGMENT) {
      problems.push(
        `${id}: the title fragment ${JSON.stringify(target.title)} is shorter than ${MIN_TITLE_FRAGMENT}`,
      );
      continue;
    }
    const text = readText(target.file);
    if (text === undefined) problems.push(`${id}: ${target.file} does not exist`);
    else if (!containsTestTitle(text, target.title)) {
      problems.push(`${id}: no test titled …${JSON.stringify(target.title)}… in ${target.file}`);
    }
  }
  return problems;
}

export interface CoverageCounts {
  readonly rows: number;
  readonly applicable: number;
  readonly covered: number;
  readonly pending: number;
  readonly notApplicable: number;
}

export type CoverageSummary = Readonly<Record<KeywordClass | 'ALL', CoverageCounts>>;

/** Counts by keyword class: applicable = covered + pending. */
export function coverageSummary(
  rows: readonly RequirementRow[],
  table: Readonly<Record<string, RequirementCoverage>>,
): CoverageSummary {
  const empty = (): {
    rows: number;
    applicable: number;
    covered: number;
    pending: number;
    notApplicable: number;
  } => ({
    rows: 0,
    applicable: 0,
    covered: 0,
    pending: 0,
    notApplicable: 0,
  });
  const counts = { MUST: empty(), SHOULD: empty(), MAY: empty(), ALL: empty() };
  for (const row of rows) {
    const entry = table[row.id];
    for (const count of [counts[keywordClass(row.keyword)], counts.ALL]) {
      count.rows += 1;
      if (!entry) continue;
      if ('covered' in entry) count.covered += 1;
      if ('pending' in entry) count.pending += 1;
      if ('notApplicable' in entry) count.notApplicable += 1;
      if (!('notApplicable' in entry)) count.applicable += 1;
    }
  }
  return counts;
}

/** The summary as lines for the run's output. */
export function summaryLines(summary: CoverageSummary, budget: number): string[] {
  const line = (label: string, c: CoverageCounts) =>
    `  ${label}: ${c.covered} covered / ${c.applicable} applicable (${c.pending} pending, ${c.notApplicable} not applicable, ${c.rows} rows)`;
  return [
    `UCP 2026-04-08 requirement register: ${summary.ALL.rows} rows`,
    line('MUST (MUST, MUST NOT, REQUIRED)', summary.MUST),
    line('SHOULD (SHOULD, SHOULD NOT)', summary.SHOULD),
    line('MAY', summary.MAY),
    `  pending ${summary.ALL.pending} of PENDING_BUDGET ${budget}` +
      (summary.ALL.pending < budget ? ` — lower PENDING_BUDGET to ${summary.ALL.pending}` : ''),
  ];
}
