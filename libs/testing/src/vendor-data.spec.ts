import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describeWithVendorData, vendorDataSet, vendorSkipLine, vendorTestsDir } from './vendor-data';

const { skipLines, suiteTimings } = require('./summary-reporter.js') as {
  skipLines(results: unknown): string[];
  suiteTimings(results: unknown, root: string): { suite: string; seconds: number; tests: number }[];
};

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** Runs `register` with Jest's describe/it/it.skip replaced by recorders, and returns what it declared. */
function declared(register: () => void): { describes: string[]; tests: string[]; skipped: string[] } {
  const seen = { describes: [] as string[], tests: [] as string[], skipped: [] as string[] };
  const globals = globalThis as unknown as Record<string, unknown>;
  const saved = { describe: globals.describe, it: globals.it };
  const it = (name: string) => seen.tests.push(name);
  it.skip = (name: string) => seen.skipped.push(name);
  globals.describe = (name: string, body: () => void) => {
    seen.describes.push(name);
    body();
  };
  globals.it = it;
  try {
    register();
  } finally {
    Object.assign(globals, saved);
  }
  return seen;
}

describe('vendor data sets', () => {
  let dir: string;
  const savedDir = process.env.VENDOR_TESTS_DIR;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vendor-tests-'));
    mkdirSync(join(dir, 'vectors'));
    writeFileSync(join(dir, 'vectors', 'cases.json'), JSON.stringify({ cases: [1, 2, 3] }));
    writeFileSync(join(dir, 'not-a-set'), 'a file, not a folder');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    if (savedDir === undefined) delete process.env.VENDOR_TESTS_DIR;
    else process.env.VENDOR_TESTS_DIR = savedDir;
  });

  it('looks for them in ../shared/vendor-tests beside the repository by default', () => {
    delete process.env.VENDOR_TESTS_DIR;
    expect(vendorTestsDir()).toBe(resolve(REPO_ROOT, '..', 'shared', 'vendor-tests'));
    const set = vendorDataSet('godaddy-graphql');
    expect(set.where).toBe(join('..', 'shared', 'vendor-tests', 'godaddy-graphql'));
    expect(set.dir).toBe(resolve(REPO_ROOT, '..', 'shared', 'vendor-tests', 'godaddy-graphql'));
  });

  it('reads a present set and its files', () => {
    process.env.VENDOR_TESTS_DIR = dir;
    const set = vendorDataSet('vectors');
    expect(set).toMatchObject({ name: 'vectors', present: true, dir: join(dir, 'vectors') });
    expect(set.where).toBe(relative(REPO_ROOT, join(dir, 'vectors')));
    expect(set.readJson('cases.json')).toEqual({ cases: [1, 2, 3] });
    expect(set.readText('cases.json')).toBe('{"cases":[1,2,3]}');
    expect(set.file('cases.json')).toBe(join(dir, 'vectors', 'cases.json'));
  });

  it('fails, not skips, on a missing file of a present set', () => {
    process.env.VENDOR_TESTS_DIR = dir;
    expect(() => vendorDataSet('vectors').readJson('missing.json')).toThrow(/ENOENT/);
  });

  it('refuses a file outside the set and a name that is not one folder', () => {
    process.env.VENDOR_TESTS_DIR = dir;
    expect(() => vendorDataSet('vectors').file('..', 'not-a-set')).toThrow(/outside/);
    for (const name of ['', '../vectors', 'a/b', '.hidden', 'UPPER']) {
      expect(() => vendorDataSet(name)).toThrow(/not a vendor data set name/);
    }
  });

  it('reports an absent set (a missing folder, or a file in its place) and refuses to read it', () => {
    process.env.VENDOR_TESTS_DIR = dir;
    for (const name of ['absent', 'not-a-set']) {
      const set = vendorDataSet(name);
      expect(set.present).toBe(false);
      expect(() => set.readText('anything.json')).toThrow(`${set.where} is not present`);
    }
  });

  it('takes a relative VENDOR_TESTS_DIR from the repository root', () => {
    process.env.VENDOR_TESTS_DIR = relative(REPO_ROOT, dir);
    expect(vendorDataSet('vectors').present).toBe(true);
  });

  it('runs a suite whose set is present as a plain describe, with the set', () => {
    process.env.VENDOR_TESTS_DIR = dir;
    const seen = declared(() =>
      describeWithVendorData('vectors', 'the vector suite', (set) => {
        for (const n of set.readJson<{ cases: number[] }>('cases.json').cases)
          it(`case ${n}`, () => undefined);
      }),
    );
    expect(seen).toEqual({
      describes: ['the vector suite'],
      tests: ['case 1', 'case 2', 'case 3'],
      skipped: [],
    });
  });

  it('skips a suite whose set is absent as one case naming the set and where it is expected, running none of it', () => {
    process.env.VENDOR_TESTS_DIR = dir;
    const body = jest.fn();
    const seen = declared(() => describeWithVendorData('absent', 'the vector suite', body));
    expect(body).not.toHaveBeenCalled();
    const where = relative(REPO_ROOT, join(dir, 'absent'));
    expect(seen).toEqual({
      describes: ['the vector suite'],
      tests: [],
      skipped: [`skipped "the vector suite": ${where} not present`],
    });
  });

  it("prints one line per absent set in the run's summary, and names any other skipped case", () => {
    const where = join('..', 'shared', 'vendor-tests', 'godaddy-graphql');
    const result = (title: string, status: string, fullName = title) => ({ title, status, fullName });
    const lines = skipLines({
      testResults: [
        {
          testResults: [
            result(vendorSkipLine({ where }, 'tax operations'), 'pending'),
            result('x', 'passed'),
          ],
        },
        { testResults: [result(vendorSkipLine({ where }, 'catalog operations'), 'pending')] },
        { testResults: [result(vendorSkipLine({ where: '../shared/vendor-tests/ucp' }, 'ucp'), 'pending')] },
        { testResults: [result('forgotten', 'pending', 'a suite forgotten')] },
      ],
    });
    expect(lines).toEqual([
      `skipped 2 suites: ${where} not present (tax operations; catalog operations)`,
      'skipped 1 suite: ../shared/vendor-tests/ucp not present (ucp)',
      'skipped, not for missing vendor data: a suite forgotten',
    ]);
  });

  it("lists the run's suites slowest first, with their wall time and case count", () => {
    const file = (path: string, start: number, end: number, tests: number) => ({
      testFilePath: join(REPO_ROOT, path),
      perfStats: { start, end },
      testResults: Array.from({ length: tests }, () => ({})),
    });
    const timings = suiteTimings(
      {
        testResults: [
          file('apps/a/test/quick.spec.ts', 1000, 1450, 2),
          file('apps/b/test/slow.e2e-spec.ts', 1000, 62_000, 30),
        ],
      },
      REPO_ROOT,
    );
    expect(timings).toEqual([
      { suite: join('apps', 'b', 'test', 'slow.e2e-spec.ts'), seconds: 61, tests: 30 },
      { suite: join('apps', 'a', 'test', 'quick.spec.ts'), seconds: 0.5, tests: 2 },
    ]);
  });
});
