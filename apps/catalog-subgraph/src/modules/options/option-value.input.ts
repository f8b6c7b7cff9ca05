import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  createIdListInput,
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
import { OptionIdFilter, SKUIdFilter } from '../records/record-id-filters';
import { IntInputField, StringInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** OptionValue's create input: `createOptionValue(input)`. */
@InputType('MutationCreateOptionValueInput')
export class MutationCreateOptionValueInput {
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

  @Field(() => String, { description: 'The option this value belongs to.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  optionId!: string;

  @IntInputField({ description: 'Order among the option’s values.' })
  position?: number | null;

  @StringInputField({ description: 'Colour or image reference for swatches.', max: 256 })
  swatch?: string | null;
}

/** `updateOptionValue`'s input. */
@InputType('MutationUpdateOptionValueInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateOptionValueInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateOptionValueInput) => o.name !== undefined)
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

  @IntInputField({ description: 'Order among the option’s values.' })
  position?: number | null;

  @StringInputField({ description: 'Colour or image reference for swatches.', max: 256 })
  swatch?: string | null;
}

export const OptionValueIdsFilter = idFilterInput('OptionValueIdsFilter');
export const OptionValueStatusFilter = statusFilterInput('OptionValueStatusFilter');
export const OptionValueOrderBy = orderByInput('OptionValueOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'position',
  'price',
]);

/**
 * The arguments of `optionValues` and of every connection of OptionValue records (their filters
 * apply alike).
 */
@ArgsType()
export class OptionValueListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => OptionValueIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => OptionValueStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => OptionValueOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => OptionIdFilter, 'Only the records of these options.')
  optionId?: ValuesFilter | null;

  @OptionalNestedField(() => SKUIdFilter, 'Only members of these skus.')
  skuId?: ValuesFilter | null;
}
export const MutationRemoveOptionValuesFromListOptionInput = createIdListInput(
  'MutationRemoveOptionValuesFromListOptionInput',
  'optionValueIds',
  'String',
);
