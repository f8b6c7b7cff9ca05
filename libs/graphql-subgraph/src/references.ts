import { Type } from '@nestjs/common';
import { Directive, Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { Type as TransformType } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { createStringFilterInput } from './filter-inputs';

/** Names of external references: an origin system's key such as `avalara` or `legacy-erp`. */
export const REFERENCE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const MAX_REFERENCES_PER_CALL = 50;

/** An external system's identifier attached to a record (name = system, value = its id there). */
@ObjectType('Reference')
@Directive('@shareable')
export class Reference {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The external system, unique per record.' })
  name!: string;

  @Field({ description: "The record's id in that system." })
  value!: string;
}

@InputType('ReferenceInput')
export class ReferenceInput {
  @Field()
  @IsString()
  @Matches(REFERENCE_NAME, { message: 'name must be 1 to 64 of A-Z a-z 0-9 . _ -' })
  name!: string;

  @Field()
  @IsString()
  @MaxLength(256)
  value!: string;
}

/** Filter of list fields by a reference value: `eq` one value or `in` several. */
export const ReferenceValueFilter = createStringFilterInput('ReferenceValueFilter', 256);
export type ReferenceValueFilter = InstanceType<typeof ReferenceValueFilter>;

/** A saved reference of one owner. */
export interface ReferenceRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
  readonly value: string;
}

/** Create-or-replace and delete references of one owner kind; `forOwners` batches the field resolver. */
export interface ReferencesService<E> {
  /** Sets each reference by name (an existing name gets the new value); returns the owner. */
  upsert(
    tenantId: string,
    ownerId: string,
    references: readonly { name: string; value: string }[],
  ): Promise<E>;
  /** Deletes the named references (unknown names are ignored); returns the owner. */
  delete(tenantId: string, ownerId: string, names: readonly string[]): Promise<E>;
  forOwners(tenantId: string, ownerIds: readonly string[]): Promise<ReadonlyMap<string, ReferenceRecord[]>>;
}

/** What a reference mutation pair takes: `{ references }` to set by name, `{ names }` to remove. */
export interface SetReferences {
  references: ReferenceInput[];
}
export interface RemoveReferences {
  names: string[];
}

/**
 * The two input types of a record's reference mutations, named as its graph names them (e.g.
 * `MutationCreateReferencesFor<X>Input`, or `MutationAddReferencesTo<X>Input`),
 * with one set of rules: 1 to MAX_REFERENCES_PER_CALL references or names, names of 64 at most.
 */
export function referenceInputTypes(
  setName: string,
  removeName: string,
  descriptions: { set?: string; setField?: string; removeField?: string } = {},
): { set: Type<SetReferences>; remove: Type<RemoveReferences> } {
  @InputType(setName, { description: descriptions.set })
  class SetReferencesInput implements SetReferences {
    @Field(() => [ReferenceInput], { description: descriptions.setField })
    @IsArray()
    @ArrayMinSize(1)
    @ArrayMaxSize(MAX_REFERENCES_PER_CALL)
    @ValidateNested({ each: true })
    @TransformType(() => ReferenceInput)
    references!: ReferenceInput[];
  }

  @InputType(removeName)
  class RemoveReferencesInput implements RemoveReferences {
    @Field(() => [String], {
      description:
        descriptions.removeField ?? 'Names of the references to delete; unknown names are ignored.',
    })
    @IsArray()
    @ArrayMinSize(1)
    @ArrayMaxSize(MAX_REFERENCES_PER_CALL)
    @IsString({ each: true })
    @MaxLength(64, { each: true })
    names!: string[];
  }
  return { set: SetReferencesInput, remove: RemoveReferencesInput };
}
