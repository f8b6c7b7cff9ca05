import { Errors, Violation, ViolationCode } from '@platform/errors';

/** The optional joins of GET store, selectable through includeFields / includeField (spec: Store). */
export const STORE_JOINS = [
  'phone',
  'address',
  'attributes',
  'storeAttributes',
  'paymentAttributes',
  'storeDevice',
  'storeTerminalId',
  'storeTerminalIdAllVTAndFirstActivated',
  'processorData',
  'processorDataNonSensitive',
  'businessAgreement',
  'subscribedBundles',
] as const;

export type StoreJoin = (typeof STORE_JOINS)[number];

const KNOWN: ReadonlySet<string> = new Set(STORE_JOINS);

export function isStoreJoin(value: string): value is StoreJoin {
  return KNOWN.has(value);
}

/** The two spellings on /v1: `includeFields=a,b` (target v2) and `includeField=a&includeField=b` (live v1). */
export interface IncludeFieldsInput {
  readonly includeFields?: readonly string[];
  readonly includeField?: readonly string[];
}

/**
 * The requested joins, de-duplicated, in the enumeration's order. Both parameters may be repeated
 * and both may hold comma-separated lists; empty items are ignored. Unknown values answer 400
 * INVALID_REQUEST with one detail per unknown value (location query, field = the parameter that
 * carried it, issue INVALID_VALUE) and a message listing the allowed values.
 */
export function parseStoreJoins(input: IncludeFieldsInput): StoreJoin[] {
  const requested = new Set<StoreJoin>();
  const violations: Violation[] = [];
  for (const parameter of ['includeFields', 'includeField'] as const) {
    for (const raw of input[parameter] ?? []) {
      for (const item of raw.split(',')) {
        const value = item.trim();
        if (value === '') continue;
        if (isStoreJoin(value)) requested.add(value);
        else if (!violations.some((v) => v.path[0] === parameter && v.value === value)) {
          violations.push({
            location: 'query',
            path: [parameter],
            code: ViolationCode.INVALID_VALUE,
            message: `unknown ${parameter} value "${value}"; allowed: ${STORE_JOINS.join(', ')}`,
            value,
          });
        }
      }
    }
  }
  if (violations.length) {
    const unknown = [...new Set(violations.map((v) => String(v.value)))];
    throw Errors.validation(
      violations,
      `unknown includeFields value${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}; ` +
        `allowed values: ${STORE_JOINS.join(', ')}`,
    );
  }
  return STORE_JOINS.filter((j) => requested.has(j));
}
