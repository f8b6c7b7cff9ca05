import { Type } from '@nestjs/common';
import { Field, ID, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, MaxLength } from 'class-validator';

/** Most ids one relation mutation adds or removes. */
export const MAX_RELATION_IDS = 100;

/** Member ids: our own uuids (ID) or another service's opaque ids (String, e.g. ids another subgraph issues). */
const MEMBER_ID = /^[A-Za-z0-9._:~-]{1,128}$/;

/** An input type `name` with one required list field `field: [ID!]!` (or `[String!]!`), 1 to 100 ids. */
export function createIdListInput(
  name: string,
  field: string,
  idType: 'ID' | 'String',
): Type<Record<string, string[]>> {
  @InputType(name)
  class IdListInput {}
  const prototype = IdListInput.prototype;
  Field(() => [idType === 'ID' ? ID : String], { description: `1 to ${MAX_RELATION_IDS} ids.` })(
    prototype,
    field,
  );
  IsArray()(prototype, field);
  ArrayMinSize(1)(prototype, field);
  ArrayMaxSize(MAX_RELATION_IDS)(prototype, field);
  IsString({ each: true })(prototype, field);
  MaxLength(128, { each: true })(prototype, field);
  Matches(MEMBER_ID, { each: true, message: `each of ${field} must be an id of letters, digits, . _ : ~ -` })(
    prototype,
    field,
  );
  return IdListInput as Type<Record<string, string[]>>;
}

/** Adds and removes members of one kind of an owner; both idempotent. */
export interface RelationService<E, K extends string> {
  add(tenantId: string, ownerId: string, kind: K, ids: readonly string[]): Promise<E>;
  remove(tenantId: string, ownerId: string, kind: K, ids: readonly string[]): Promise<E>;
}
