import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Third-party test data (public graph descriptions, RFC vector suites, a real client's operation
 * documents) is never committed: it is read where it is provided, `../shared/vendor-tests/<name>`
 * beside the repository (docs/testing.md, "Third-party test data"). A suite that needs a data set
 * declares it with describeWithVendorData; where the set is absent (a clone with nothing beside it)
 * only that suite's cases skip, as one skipped case whose name says which set and where
 * (vendorSkipLine), and the run's summary prints that line (summary-reporter.js).
 */

/** The repository root: this file is <root>/libs/testing/src/vendor-data.ts. */
const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** Where the data sets are looked for; VENDOR_TESTS_DIR overrides it (a relative value is from the root). */
export function vendorTestsDir(): string {
  return resolve(REPO_ROOT, process.env.VENDOR_TESTS_DIR || join('..', 'shared', 'vendor-tests'));
}

export interface VendorDataSet {
  /** The set's folder name under the vendor-tests folder (`godaddy-graphql`). */
  readonly name: string;
  /** Its absolute path. */
  readonly dir: string;
  /** Its path from the repository root, as lines and messages name it (`../shared/vendor-tests/ucp`). */
  readonly where: string;
  /** Whether the folder is there. */
  readonly present: boolean;
  /** The absolute path of a file of the set. */
  file(...parts: string[]): string;
  /** A file of the set as UTF-8 text; a missing file of a present set throws (it is not a skip). */
  readText(...parts: string[]): string;
  /** A JSON file of the set, parsed. */
  readJson<T = unknown>(...parts: string[]): T;
}

const SET_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** A third-party data set by name. */
export function vendorDataSet(name: string): VendorDataSet {
  if (!SET_NAME.test(name)) throw new Error(`not a vendor data set name: ${JSON.stringify(name)}`);
  const dir = join(vendorTestsDir(), name);
  const present = existsSync(dir) && statSync(dir).isDirectory();
  const where = relative(REPO_ROOT, dir) || '.';
  const file = (...parts: string[]): string => {
    const path = resolve(dir, ...parts);
    if (relative(dir, path).startsWith('..')) throw new Error(`${parts.join('/')} is outside ${where}`);
    return path;
  };
  const readText = (...parts: string[]): string => {
    if (!present) throw new Error(`${where} is not present: read it inside describeWithVendorData`);
    return readFileSync(file(...parts), 'utf8');
  };
  return {
    name,
    dir,
    where,
    present,
    file,
    readText,
    readJson: <T>(...parts: string[]) => JSON.parse(readText(...parts)) as T,
  };
}

/**
 * The name of the one skipped case that stands for a suite whose data set is absent; summary-reporter.js
 * reads this shape back (vendor-data.spec.ts holds the two together).
 */
export function vendorSkipLine(set: Pick<VendorDataSet, 'where'>, title: string): string {
  return `skipped "${title}": ${set.where} not present`;
}

/**
 * A describe block that needs a vendor data set. Present: `body(set)` runs as a plain describe
 * (read the set inside it, so that nothing is read when it is absent). Absent: the block holds one
 * skipped case named by vendorSkipLine, and nothing else of it runs.
 */
export function describeWithVendorData(
  name: string,
  title: string,
  body: (set: VendorDataSet) => void,
): void {
  const set = vendorDataSet(name);
  if (set.present) {
    describe(title, () => body(set));
    return;
  }
  describe(title, () => {
    it.skip(vendorSkipLine(set, title), () => undefined);
  });
}
