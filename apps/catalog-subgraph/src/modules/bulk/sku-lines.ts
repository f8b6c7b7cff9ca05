import { PlatformError } from '@platform/errors';
import type { Violation } from '@platform/errors';
import { InputValidationPipe } from '@platform/graphql-subgraph';
import { GraphQLBoolean, GraphQLInt, GraphQLScalarType, GraphQLString } from 'graphql';
import { kindOf } from '../records/catalog-kinds';
import type { KindFieldType, RecordKind } from '../records/record-kind';
import { kindTypes } from '../records/record-types.factory';

/** The kind bulk operations work on. */
export const SKU_KIND: RecordKind = kindOf('SKU');

/** The columns of catalog.records a SKU line sets (the rest are the record's identity and times). */
export interface SkuRow {
  readonly name: string;
  readonly label: string | null;
  readonly code: string | null;
  readonly status: string;
  readonly data: Record<string, unknown>;
}

export type SkuLineCheck =
  { readonly ok: true; readonly row: SkuRow } | { readonly ok: false; readonly message: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function violationText(v: Violation): string {
  return v.path.length > 1 ? `${v.path.join('.')}: ${v.message}` : v.message;
}

/**
 * The kind's own fields of a create input as records.data stores them: absent and null fields
 * left out, money copied as { value, currencyCode } (as CatalogRecordsService's create does).
 */
export function recordDataOf(def: RecordKind, input: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(def.fields)) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (spec.type === 'money') {
      const money = value as { value: number; currencyCode: string };
      data[field] = { value: money.value, currencyCode: money.currencyCode };
    } else {
      data[field] = value;
    }
  }
  return data;
}

/** The stored row of a line that passed `SkuLineValidator` (or was parsed from one that did). */
export function skuRowOf(input: Record<string, unknown>): SkuRow {
  return {
    name: String(input.name),
    label: (input.label as string | null | undefined) ?? null,
    code: (input.code as string | null | undefined) ?? null,
    status: (input.status as string | null | undefined) ?? 'ACTIVE',
    data: recordDataOf(SKU_KIND, input),
  };
}

/**
 * The export line of a stored SKU: the CreateSKUInput fields it has (null ones left out) in a
 * fixed order, so every export is a valid import and UPSERT of it restores the SKUs.
 */
export function skuLineOf(row: SkuRow): string {
  const line: Record<string, unknown> = { name: row.name };
  if (row.code !== null) line.code = row.code;
  if (row.label !== null) line.label = row.label;
  line.status = row.status;
  Object.assign(line, recordDataOf(SKU_KIND, row.data));
  return JSON.stringify(line);
}

/** GraphQL type of each field of a kind's create input (record-types.factory.ts). */
type InputFieldType =
  | { readonly scalar: GraphQLScalarType; readonly nonNull?: boolean; readonly list?: boolean }
  | { readonly money: true };

const SCALAR_OF: Record<Exclude<KindFieldType, 'money'>, GraphQLScalarType> = {
  string: GraphQLString,
  text: GraphQLString,
  url: GraphQLString,
  int: GraphQLInt,
  boolean: GraphQLBoolean,
  stringList: GraphQLString,
};

function inputFieldTypes(def: RecordKind): Map<string, InputFieldType> {
  const types = new Map<string, InputFieldType>([
    ['name', { scalar: GraphQLString, nonNull: true }],
    ['label', { scalar: GraphQLString }],
    ['status', { scalar: GraphQLString }], // an enum: its values are WritableStatus's rule
  ]);
  if (def.hasCode) types.set('code', { scalar: GraphQLString });
  if (def.parent) types.set(def.parent.field, { scalar: GraphQLString, nonNull: true });
  for (const [field, spec] of Object.entries(def.fields))
    types.set(
      field,
      spec.type === 'money'
        ? { money: true }
        : { scalar: SCALAR_OF[spec.type], nonNull: spec.required, list: spec.type === 'stringList' },
    );
  return types;
}

/** What graphql-js says of `value` as a `scalar` variable, or undefined when it coerces. */
function scalarError(scalar: GraphQLScalarType, value: unknown, path: string): string | undefined {
  try {
    scalar.parseValue(value);
    return undefined;
  } catch (error) {
    return `${path}: ${(error as Error).message}`;
  }
}

function missing(parent: string | undefined, field: string, type: string): string {
  const message = `Field "${field}" of required type "${type}" was not provided.`;
  return parent ? `${parent}: ${message}` : message;
}

/**
 * The checks GraphQL makes on a variable of the create input before any resolver runs, which
 * class-validator then relies on: required (non-null) fields present, every known field of its
 * GraphQL type (graphql-js's own String, Int (32-bit) and Boolean coercion; SimpleMoneyInput's
 * non-null value: Int! and currencyCode: String!). Unknown fields are left to class-validator.
 */
function graphQLCoercionError(
  types: ReadonlyMap<string, InputFieldType>,
  line: Record<string, unknown>,
): string | undefined {
  for (const [field, type] of types) {
    const value = line[field];
    if (value === undefined || value === null) {
      if ('scalar' in type && type.nonNull) return missing(undefined, field, `${type.scalar.name}!`);
      continue;
    }
    if ('money' in type) {
      if (!isPlainObject(value)) return `${field}: Expected type "SimpleMoneyInput" to be an object.`;
      for (const [part, scalar] of [
        ['value', GraphQLInt],
        ['currencyCode', GraphQLString],
      ] as const) {
        const partValue = value[part];
        if (partValue === undefined || partValue === null) return missing(field, part, `${scalar.name}!`);
        const error = scalarError(scalar, partValue, `${field}.${part}`);
        if (error) return error;
      }
      continue;
    }
    const items = type.list && Array.isArray(value) ? value : [value];
    for (const item of items) {
      const error = scalarError(type.scalar, item, field);
      if (error) return error;
    }
  }
  return undefined;
}

/**
 * Checks one import line with the rules of the createSku mutation: the line must be a JSON
 * object; then what GraphQL checks of the input variable (graphQLCoercionError); then the
 * generated CreateSKUInput class validates it through the subgraph's InputValidationPipe (the same
 * class-validator rules and options; unknown fields refused).
 */
export class SkuLineValidator {
  private readonly types = inputFieldTypes(SKU_KIND);
  private readonly pipe = new InputValidationPipe(kindTypes(SKU_KIND).createInput);

  async check(text: string): Promise<SkuLineCheck> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { ok: false, message: `not valid JSON: ${(error as Error).message}` };
    }
    if (!isPlainObject(value)) return { ok: false, message: 'a line must be a JSON object: one SKU' };
    const coercion = graphQLCoercionError(this.types, value);
    if (coercion) return { ok: false, message: coercion };
    let input: Record<string, unknown>;
    try {
      input = (await this.pipe.transform(value)) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof PlatformError && error.violations.length > 0)
        return { ok: false, message: error.violations.map(violationText).join('; ') };
      throw error;
    }
    return { ok: true, row: skuRowOf(input) };
  }
}
