import { applyPatch, type Operation } from 'fast-json-patch';
import { describeWithVendorData, type VendorDataSet } from '@platform/testing';
import { applySecretPatch, type CurrentSecrets } from './secret-patch';
import { SecretPatchError, SecretPatchErrorCode } from './secret-patch.errors';

/**
 * RFC 6902 vectors (../shared/vendor-tests/json-patch-tests beside the repository, see its README) in three groups:
 *
 * - engine: every record whose ops are only add/replace/remove and whose document is a flat object of
 *   strings (a secret set) goes through applySecretPatch. It must give `expected`, or be refused with
 *   the code listed in PROFILE_REFUSALS (error records, and records our profile forbids: non-string
 *   values, the root path, deeper paths, the empty name, an empty patch).
 * - library: every add/replace/remove record (the engine group included) goes through fast-json-patch
 *   exactly as the engine calls it (validate=true, mutateDocument=false): `expected` must match, `error`
 *   records must throw, and the input document must be left as it was.
 * - other ops: every record using test, move, copy or an unknown op is refused with UNSUPPORTED_OP.
 */

interface VectorRecord {
  readonly comment?: string;
  readonly doc?: unknown;
  readonly patch?: Record<string, unknown>[];
  readonly expected?: unknown;
  readonly error?: string;
  readonly disabled?: boolean;
}

interface Vector extends VectorRecord {
  readonly id: string;
  readonly patch: Record<string, unknown>[];
}

const SUPPORTED = new Set(['add', 'replace', 'remove']);

function load(set: VendorDataSet, file: string): { vectors: Vector[]; disabled: number } {
  const records = set.readJson<VectorRecord[]>(file);
  const vectors: Vector[] = [];
  let disabled = 0;
  records.forEach((record, index) => {
    if (!record.patch) return; // a comment-only record
    if (record.disabled) {
      disabled++;
      return;
    }
    vectors.push({ ...record, id: `${file}#${index}`, patch: record.patch });
  });
  return { vectors, disabled };
}

const isFlatStringObject = (doc: unknown): doc is Record<string, string> =>
  typeof doc === 'object' &&
  doc !== null &&
  !Array.isArray(doc) &&
  Object.values(doc).every((value) => typeof value === 'string');
const onlySupportedOps = (v: Vector) => v.patch.every((op) => SUPPORTED.has(op.op as string));

const label = (v: Vector) => `${v.id} ${v.comment ?? v.error ?? ''}`.trim();
const secretsOf = (doc: unknown): CurrentSecrets =>
  new Map(isFlatStringObject(doc) ? Object.entries(doc) : []);

/** Engine-group records our profile refuses, with the code it must give. Every other one must succeed. */
const PROFILE_REFUSALS: Readonly<Record<string, SecretPatchErrorCode>> = {
  'tests.json#0': SecretPatchErrorCode.INVALID_PATCH, // empty patch: at least one operation
  'tests.json#9': SecretPatchErrorCode.INVALID_SECRET_VALUE, // value 1: values are strings
  'tests.json#11': SecretPatchErrorCode.INVALID_PATH, // path "": no whole-document operations
  'tests.json#14': SecretPatchErrorCode.INVALID_SECRET_NAME, // path "/": the empty name
  'tests.json#43': SecretPatchErrorCode.INVALID_PATH, // replace whole document
  'tests.json#44': SecretPatchErrorCode.INVALID_PATH, // error record: /foo/bar (deeper path)
  'tests.json#51': SecretPatchErrorCode.INVALID_SECRET_VALUE, // value null
  'tests.json#63': SecretPatchErrorCode.INVALID_PATH, // add at the root
  'tests.json#74': SecretPatchErrorCode.INVALID_PATH, // error record: missing path
  'tests.json#75': SecretPatchErrorCode.INVALID_PATH, // error record: path null
  'tests.json#76': SecretPatchErrorCode.INVALID_PATH, // error record: path without a leading slash
  'tests.json#89': SecretPatchErrorCode.SECRET_NOT_FOUND, // error record: removing a nonexistent field
  'tests.json#90': SecretPatchErrorCode.INVALID_PATH, // error record: /missing1/missing2
  'spec_tests.json#10': SecretPatchErrorCode.INVALID_SECRET_VALUE, // A.10: an object value
  'spec_tests.json#12': SecretPatchErrorCode.INVALID_PATH, // A.12: /baz/bat (deeper path)
};

function refusal(run: () => unknown): SecretPatchError {
  try {
    run();
  } catch (error) {
    if (error instanceof SecretPatchError) return error;
    throw error;
  }
  throw new Error('expected a SecretPatchError, the patch was applied');
}

describeWithVendorData(
  'json-patch-tests',
  'RFC 6902 vectors (../shared/vendor-tests/json-patch-tests)',
  (set) => {
    const files = ['tests.json', 'spec_tests.json'].map((file) => load(set, file));
    const all = files.flatMap((f) => f.vectors);
    const disabledCount = files.reduce((sum, f) => sum + f.disabled, 0);
    const libraryGroup = all.filter(onlySupportedOps);
    const engineGroup = libraryGroup.filter((v) => isFlatStringObject(v.doc));
    const otherOpsGroup = all.filter((v) => !onlySupportedOps(v));

    it('splits every record into the groups (counts reported in the test name below)', () => {
      expect(all.length + disabledCount).toBe(112);
      expect(disabledCount).toBe(4);
      expect(engineGroup.length + (libraryGroup.length - engineGroup.length) + otherOpsGroup.length).toBe(
        all.length,
      );
      // Every listed refusal is an engine-group record, and every engine-group error record is listed.
      const engineIds = new Set(engineGroup.map((v) => v.id));
      expect(Object.keys(PROFILE_REFUSALS).filter((id) => !engineIds.has(id))).toEqual([]);
      expect(engineGroup.filter((v) => v.error !== undefined && !(v.id in PROFILE_REFUSALS))).toEqual([]);
    });

    describe(`engine: applySecretPatch on ${engineGroup.length} add/replace/remove records over a flat string document`, () => {
      it.each(engineGroup.map((v) => [label(v), v] as const))('%s', (_name, vector) => {
        const current = secretsOf(vector.doc);
        const snapshot = new Map(current);
        const patchCopy = structuredClone(vector.patch);
        const code = PROFILE_REFUSALS[vector.id];
        if (code) {
          expect(refusal(() => applySecretPatch(current, vector.patch)).code).toBe(code);
        } else {
          const result = applySecretPatch(current, vector.patch);
          expect(Object.fromEntries(result.secrets)).toEqual(vector.expected);
        }
        expect(current).toEqual(snapshot); // atomic and pure: the input set is untouched
        expect(vector.patch).toEqual(patchCopy);
      });
    });

    describe(`library: fast-json-patch applyPatch(doc, ops, true, false) on ${libraryGroup.length} add/replace/remove records`, () => {
      it.each(libraryGroup.map((v) => [label(v), v] as const))('%s', (_name, vector) => {
        const doc = structuredClone(vector.doc);
        const run = () =>
          applyPatch(doc, structuredClone(vector.patch) as unknown as Operation[], true, false);
        if (vector.error !== undefined) {
          expect(run).toThrow();
        } else {
          expect(run().newDocument).toEqual(vector.expected);
        }
        expect(doc).toEqual(vector.doc); // mutateDocument=false: a failure part-way changes nothing
      });
    });

    describe(`other ops: ${otherOpsGroup.length} records using test, move, copy or an unknown op are refused`, () => {
      it.each(otherOpsGroup.map((v) => [label(v), v] as const))('%s', (_name, vector) => {
        const error = refusal(() => applySecretPatch(secretsOf(vector.doc), vector.patch));
        const firstOther = vector.patch.findIndex((op) => !SUPPORTED.has(op.op as string));
        expect(error.code).toBe(SecretPatchErrorCode.UNSUPPORTED_OP);
        expect(error.status).toBe(400);
        expect(error.opIndex).toBe(firstOther);
        expect(error.field).toBe(`/${firstOther}/op`);
      });
    });
  },
);
