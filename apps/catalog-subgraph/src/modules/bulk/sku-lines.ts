import { Injectable } from '@nestjs/common';
import { PlatformError } from '@platform/errors';
import type { Violation } from '@platform/errors';
import { InputValidationPipe } from '@platform/graphql-subgraph';
import { coerceInputValue } from 'graphql';
import type { GraphQLError, GraphQLInputObjectType } from 'graphql';
import type { RecordKind } from '../records/record-kind';
import { SKU_KIND } from '../records/record-kinds';
import { CreateSKUInput } from '../skus/sku.input';
import { inputTypeOf } from './sku-line.input-type';

export { SKU_KIND };

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

/** graphql-js's messages that the line errors word otherwise (see lineErrorOf). */
const UNDEFINED_FIELD = /^Field "[^"]*" is not defined by type "[^"]*"\./;
const NULL_FOR_NON_NULL = /^Expected non-nullable type "([^"]+)" not to be null\.$/;

function atPath(path: readonly (string | number)[], message: string): string {
  return path.length > 0 ? `${path.join('.')}: ${message}` : message;
}

/**
 * One error of graphql-js's `coerceInputValue` as a line error: `path: message`. A null non-null
 * field reads as a missing one (as createSku's variable coercion treats both); a field the type
 * does not define gives undefined: class-validator's whitelist reports those, all of them at once.
 */
function lineErrorOf(path: readonly (string | number)[], error: GraphQLError): string | undefined {
  if (UNDEFINED_FIELD.test(error.message)) return undefined;
  const field = path[path.length - 1];
  const nonNull = NULL_FOR_NON_NULL.exec(error.message);
  if (nonNull && typeof field === 'string')
    return atPath(path.slice(0, -1), `Field "${field}" of required type "${nonNull[1]}" was not provided.`);
  return atPath(path, error.message);
}

/**
 * Checks one import line with the rules of the createSku mutation: the line must be a JSON
 * object; then GraphQL's coercion of it as a CreateSKUInput variable (graphql-js's
 * coerceInputValue over CreateSKUInput as a graphql-js type read from the class's @Field metadata,
 * sku-line.input-type.ts, no schema built: non-null fields present, String, Int, Boolean, enum and
 * SimpleMoneyInput values; the first error); then the CreateSKUInput class validates it through
 * the subgraph's InputValidationPipe (the same class-validator rules and options; unknown fields
 * refused). The pipe gets the line as parsed, unknown fields and all for its whitelist: coercion
 * would drop them, and returns the same values for every field CreateSKUInput has.
 */
@Injectable()
export class SkuLineValidator {
  private readonly pipe = new InputValidationPipe(CreateSKUInput);

  /** The CreateSKUInput lines are coerced to. */
  readonly inputType: GraphQLInputObjectType = inputTypeOf(CreateSKUInput);

  async check(text: string): Promise<SkuLineCheck> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { ok: false, message: `not valid JSON: ${(error as Error).message}` };
    }
    if (!isPlainObject(value)) return { ok: false, message: 'a line must be a JSON object: one SKU' };
    let coercion: string | undefined;
    coerceInputValue(value, this.inputType, (path, _invalid, error) => {
      coercion ??= lineErrorOf(path, error);
    });
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
