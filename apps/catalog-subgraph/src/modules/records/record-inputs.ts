import { Type } from '@nestjs/common';
import { Field, InputType } from '@nestjs/graphql';
import { MAX_REFERENCES_PER_CALL, MAX_RELATION_IDS } from '@platform/graphql-subgraph';
import { ArrayMaxSize, IsArray, IsString, MaxLength } from 'class-validator';

/** The largest GraphQL Int: the bound of every non-negative Int input field. */
export const INT_MAX = 2_147_483_647;

/** A url input field's rule: http or https, no whitespace. */
export const HTTP_URL = /^https?:\/\/\S+$/;

/** The descriptions of `addReferencesTo<X>` / `removeReferencesFrom<X>` inputs (referenceInputTypes). */
export const REFERENCE_INPUT_DESCRIPTIONS = {
  set: 'Sets each reference by name: a name the record has gets the new value.',
  setField: `1 to ${MAX_REFERENCES_PER_CALL} references.`,
  removeField: 'Names of the references to remove; unknown names are ignored.',
};

/**
 * An input `name` with one list field `field: [String!]!` of 0 to MAX_RELATION_IDS ids: the whole
 * new membership, in order (an empty list leaves none), as `update<Owner>MediaObjects` takes it.
 */
export function createReplaceIdsInput(name: string, field: string): Type<Record<string, string[]>> {
  @InputType(name)
  class ReplaceIdsInput {}
  const proto = ReplaceIdsInput.prototype;
  Field(() => [String], {
    description: `The members, in order: 0 to ${MAX_RELATION_IDS} ids, each once.`,
  })(proto, field);
  IsArray()(proto, field);
  ArrayMaxSize(MAX_RELATION_IDS)(proto, field);
  IsString({ each: true })(proto, field);
  MaxLength(128, { each: true })(proto, field);
  return ReplaceIdsInput as Type<Record<string, string[]>>;
}
