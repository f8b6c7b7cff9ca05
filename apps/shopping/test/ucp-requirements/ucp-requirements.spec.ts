import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describeWithVendorData } from '@platform/testing';
import { PENDING_BUDGET, UCP_REQUIREMENT_COVERAGE, type RequirementCoverage } from './coverage';
import {
  containsTestTitle,
  coverageSummary,
  entryProblems,
  keywordClass,
  readRequirementRows,
  summaryLines,
  tableDifferences,
  type RequirementRow,
} from './requirements-register';

// Holds coverage.ts to the third-party register of UCP 2026-04-08's normative statements: every
// row classified (covered by a named test, pending a feature, or not applicable with a reason),
// every covered entry pointing at a test title that exists, and the pending rows within
// PENDING_BUDGET, which only goes down.

const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

/** A file's text by its path from the repository root; undefined when absent or outside it. */
function readRepoFile(file: string): string | undefined {
  const path = resolve(REPO_ROOT, file);
  if (relative(REPO_ROOT, path).startsWith('..') || !existsSync(path)) return undefined;
  return readFileSync(path, 'utf8');
}

describe('the requirement register checks (made-up register and table)', () => {
  const row = (id: string, keyword: string): RequirementRow => ({
    id,
    keyword,
    requirement: `${id} requirement`,
    source: 'ucp:docs/specification/checkout.md#L1',
    testability: 'testable',
    file: 'checkout-lifecycle.json',
  });
  const rows = [
    row('A-1', 'MUST'),
    row('A-2', 'MUST NOT'),
    row('A-3', 'SHOULD'),
    row('A-4', 'MAY'),
    row('A-5', 'REQUIRED'),
  ];
  const thisFile = 'apps/shopping/test/ucp-requirements/ucp-requirements.spec.ts';
  const table: Record<string, RequirementCoverage> = {
    'A-1': { covered: `${thisFile}#finds a covered title that exists` },
    'A-2': { pending: 'checkout e2e: a behaviour' },
    'A-3': { notApplicable: 'binds the platform' },
    'A-4': { notApplicable: 'MAY: nothing required' },
    'A-5': { pending: 'checkout e2e: another behaviour' },
  };

  it('classes keywords as RFC 2119 does: MUST NOT and REQUIRED with MUST, SHOULD NOT with SHOULD', () => {
    expect(['MUST', 'MUST NOT', 'REQUIRED', 'SHOULD', 'SHOULD NOT', 'MAY'].map(keywordClass)).toEqual([
      'MUST',
      'MUST',
      'MUST',
      'SHOULD',
      'SHOULD',
      'MAY',
    ]);
    expect(() => keywordClass('OUGHT')).toThrow(/unknown RFC 2119 keyword/);
  });

  it('reports register rows missing from the table and table rows the register lacks', () => {
    const { 'A-2': _dropped, ...withoutA2 } = table;
    expect(tableDifferences(rows, { ...withoutA2, 'Z-9': { pending: 'x' } })).toEqual({
      missing: ['A-2'],
      unknown: ['Z-9'],
      duplicates: [],
    });
    expect(tableDifferences([...rows, row('A-1', 'MUST')], table).duplicates).toEqual(['A-1']);
  });

  it('finds a covered title that exists, and reports one that does not', () => {
    expect(entryProblems(table, readRepoFile)).toEqual([]);
    const broken: Record<string, RequirementCoverage> = {
      'B-1': { covered: `${thisFile}#a test title nobody wrote anywhere` },
      'B-2': { covered: 'apps/shopping/test/none.e2e-spec.ts#a title in a missing file' },
      'B-3': { covered: 'no-hash-here' },
      'B-4': { covered: `${thisFile}#short` },
      'B-5': { notApplicable: ' ' },
      'B-6': { pending: 'x', notApplicable: 'y' } as unknown as RequirementCoverage,
    };
    expect(entryProblems(broken, readRepoFile)).toEqual([
      `B-1: no test titled …"a test title nobody wrote anywhere"… in ${thisFile}`,
      'B-2: apps/shopping/test/none.e2e-spec.ts does not exist',
      `B-3: covered "no-hash-here" is not '<*.spec.ts or *.e2e-spec.ts>#<title>'`,
      'B-4: the title fragment "short" is shorter than 12',
      'B-5: notApplicable without a reason',
      'B-6: one of covered, pending or notApplicable, not {"pending":"x","notApplicable":"y"}',
    ]);
  });

  it('accepts a fragment only inside the title of an it/test call', () => {
    const spec = [
      '// finds the order by its id',
      "const note = 'finds the order by its id';",
      "it('returns the checkout with an order id', () => {});",
      'it(',
      '  "cancels a session that is incomplete",',
      '  () => {},',
      ');',
      "it.each([[1], [2]])('%s: rejects a discount that is positive', () => {});",
    ].join('\n');
    expect(containsTestTitle(spec, 'finds the order by its id')).toBe(false);
    expect(containsTestTitle(spec, 'the checkout with an order')).toBe(true);
    expect(containsTestTitle(spec, 'cancels a session that is incomplete')).toBe(true);
    expect(containsTestTitle(spec, 'rejects a discount that is positive')).toBe(true);
    expect(containsTestTitle(spec, "an order id', () => {});")).toBe(false);
  });

  it('counts covered over applicable per keyword class', () => {
    const summary = coverageSummary(rows, table);
    expect(summary.MUST).toEqual({ rows: 3, applicable: 3, covered: 1, pending: 2, notApplicable: 0 });
    expect(summary.SHOULD).toEqual({ rows: 1, applicable: 0, covered: 0, pending: 0, notApplicable: 1 });
    expect(summary.ALL).toEqual({ rows: 5, applicable: 3, covered: 1, pending: 2, notApplicable: 2 });
    expect(summaryLines(summary, 3).at(-1)).toBe(
      '  pending 2 of PENDING_BUDGET 3 — lower PENDING_BUDGET to 2',
    );
  });
});

describeWithVendorData('ucp', 'UCP 2026-04-08 requirement register coverage', (ucp) => {
  const rows = readRequirementRows(ucp);
  const summary = coverageSummary(rows, UCP_REQUIREMENT_COVERAGE);

  afterAll(() => {
    process.stdout.write(`${summaryLines(summary, PENDING_BUDGET).join('\n')}\n`);
  });

  it('reads every row of the register (482 rows, 366 of them MUST / MUST NOT / REQUIRED)', () => {
    expect(rows).toHaveLength(482);
    expect(summary.MUST.rows).toBe(366);
  });

  it('classifies every register row, and no row the register lacks', () => {
    expect(tableDifferences(rows, UCP_REQUIREMENT_COVERAGE)).toEqual({
      missing: [],
      unknown: [],
      duplicates: [],
    });
  });

  it('points every covered row at a test title that exists in the named file, and gives every other row a reason', () => {
    expect(entryProblems(UCP_REQUIREMENT_COVERAGE, readRepoFile)).toEqual([]);
  });

  it('keeps the pending rows within PENDING_BUDGET (lower it as features land, down to 0)', () => {
    const pending = rows
      .filter((row) => 'pending' in (UCP_REQUIREMENT_COVERAGE[row.id] ?? {}))
      .map((row) => row.id);
    expect(pending.length).toBeLessThanOrEqual(PENDING_BUDGET);
  });
});
