import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  createIdListInput,
  referenceInputTypes,
} from '@platform/graphql-subgraph';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import {
  CatalogStatus,
  CreatedAtFilter,
  LabelFilter,
  NameFilter,
  PaginationType,
  PaginationTypeField,
  UpdatedAtFilter,
  WritableStatus,
  idFilterInput,
  orderByInput,
  statusFilterInput,
} from '../records/record-filters';
import type { OrderBy, ValuesFilter } from '../records/record-filters';
import { SKUGroupIdFilter } from '../records/record-id-filters';
import { BooleanInputField, IntInputField, StringInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** Attribute's create input: `createAttribute(input)`. */
@InputType('MutationCreateAttributeInput')
export class MutationCreateAttributeInput {
  @Field(() => String, { description: '1 to 256 characters.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  label?: string | null;

  @Field(() => CatalogStatus, { nullable: true, description: 'ACTIVE (default) or DRAFT.' })
  @IsOptional()
  @WritableStatus
  status?: CatalogStatus | null;

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @IntInputField({ description: 'Order among the group’s attributes.' })
  position?: number | null;

  @StringInputField({ description: 'TEXT, NUMBER, BOOLEAN or the store’s own word.', max: 32 })
  type?: string | null;

  @BooleanInputField({ description: 'Storefronts may filter by it.' })
  filterable?: boolean | null;
}

/** `updateAttribute`'s input. */
@InputType('MutationUpdateAttributeInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateAttributeInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateAttributeInput) => o.name !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  label?: string | null;

  @Field(() => CatalogStatus, { nullable: true, description: 'ACTIVE or DRAFT.' })
  @IsOptional()
  @WritableStatus
  status?: CatalogStatus | null;

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @IntInputField({ description: 'Order among the group’s attributes.' })
  position?: number | null;

  @StringInputField({ description: 'TEXT, NUMBER, BOOLEAN or the store’s own word.', max: 32 })
  type?: string | null;

  @BooleanInputField({ description: 'Storefronts may filter by it.' })
  filterable?: boolean | null;
}

export const AttributeIdsFilter = idFilterInput('AttributeIdsFilter');
export const AttributeStatusFilter = statusFilterInput('AttributeStatusFilter');
export const AttributeOrderBy = orderByInput('AttributeOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'label',
  'position',
  'skuGroupId',
]);

/** The arguments of `attributes` and of every connection of Attribute records (their filters apply alike). */
@ArgsType()
export class AttributeListArgs extends ConnectionArgs implements RecordListArgs {
  @OptionalNestedField(() => NameFilter)
  name?: NameFilter | null;

  @OptionalNestedField(() => LabelFilter)
  label?: LabelFilter | null;

  @OptionalNestedField(() => CreatedAtFilter)
  createdAt?: DateRange | null;

  @OptionalNestedField(() => UpdatedAtFilter)
  updatedAt?: DateRange | null;

  @OptionalNestedField(
    () => ReferenceValueFilter,
    'Only records with an external reference of this value (none for a kind without references).',
  )
  referenceValue?: ReferenceValueFilter | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;

  @OptionalNestedField(() => AttributeIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => AttributeStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => AttributeOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUGroupIdFilter, 'Only members of these sku groups.')
  skuGroupId?: ValuesFilter | null;
}

const ATTRIBUTE_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToAttributeInput',
  'MutationRemoveReferencesFromAttributeInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToAttribute`'s input. */
export const MutationAddReferencesToAttributeInput = ATTRIBUTE_REFERENCE_INPUTS.set;
/** `removeReferencesFromAttribute`'s input. */
export const MutationRemoveReferencesFromAttributeInput = ATTRIBUTE_REFERENCE_INPUTS.remove;
export const MutationAddMediaObjectsToAttributeInput = createIdListInput(
  'MutationAddMediaObjectsToAttributeInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromAttributeInput = createIdListInput(
  'MutationRemoveMediaObjectsFromAttributeInput',
  'mediaObjectIds',
  'String',
);
