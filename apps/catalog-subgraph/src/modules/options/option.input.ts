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
import { IntInputField, NestedInputField, StringInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';
import { OptionValidationInput } from './option-validation.input';

/** Option's create input: `createOption(input)`. */
@InputType('MutationCreateOptionInput')
export class MutationCreateOptionInput {
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

  @NestedInputField(() => OptionValidationInput, {
    description: 'How many values a customer may choose: min and max.',
  })
  validation?: OptionValidationInput | null;

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @IntInputField({ description: 'Order among the group’s options.' })
  position?: number | null;

  @StringInputField({ description: 'How storefronts show it: DROPDOWN, SWATCH, RADIO.', max: 32 })
  displayType?: string | null;
}

/** `updateOption`'s input. */
@InputType('MutationUpdateOptionInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateOptionInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateOptionInput) => o.name !== undefined)
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

  @NestedInputField(() => OptionValidationInput, {
    description: 'How many values a customer may choose: min and max.',
  })
  validation?: OptionValidationInput | null;

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @IntInputField({ description: 'Order among the group’s options.' })
  position?: number | null;

  @StringInputField({ description: 'How storefronts show it: DROPDOWN, SWATCH, RADIO.', max: 32 })
  displayType?: string | null;
}

export const OptionIdsFilter = idFilterInput('OptionIdsFilter');
export const OptionStatusFilter = statusFilterInput('OptionStatusFilter');
export const OptionOrderBy = orderByInput('OptionOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'label',
  'position',
  'price',
]);

/** The arguments of `options` and of every connection of Option records (their filters apply alike). */
@ArgsType()
export class OptionListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => OptionIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => OptionStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => OptionOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUGroupIdFilter, 'Only members of these sku groups.')
  skuGroupId?: ValuesFilter | null;
}

const OPTION_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToOptionInput',
  'MutationRemoveReferencesFromOptionInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToOption`'s input. */
export const MutationAddReferencesToOptionInput = OPTION_REFERENCE_INPUTS.set;
/** `removeReferencesFromOption`'s input. */
export const MutationRemoveReferencesFromOptionInput = OPTION_REFERENCE_INPUTS.remove;
export const MutationAddMediaObjectsToOptionInput = createIdListInput(
  'MutationAddMediaObjectsToOptionInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromOptionInput = createIdListInput(
  'MutationRemoveMediaObjectsFromOptionInput',
  'mediaObjectIds',
  'String',
);
