import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  SimpleMoneyInput,
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
import { OptionValueIdFilter } from '../records/record-id-filters';
import { MoneyInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** OptionValuePrice's create input: `createOptionValuePrice(input)`. */
@InputType('MutationCreateOptionValuePriceInput')
export class MutationCreateOptionValuePriceInput {
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

  @Field(() => String, { description: 'The option value it prices.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  optionValueId!: string;

  @MoneyInputField({ required: true, description: 'Amount added to the SKU price, in minor units.' })
  amount!: SimpleMoneyInput;

  @MoneyInputField({ description: 'The amount before a discount ("was"), in minor units.' })
  compareAtValue?: SimpleMoneyInput | null;
}

/** `updateOptionValuePrice`'s input. */
@InputType('MutationUpdateOptionValuePriceInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateOptionValuePriceInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateOptionValuePriceInput) => o.name !== undefined)
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

  @MoneyInputField({ description: 'Amount added to the SKU price, in minor units.' })
  amount?: SimpleMoneyInput | null;

  @MoneyInputField({ description: 'The amount before a discount ("was"), in minor units.' })
  compareAtValue?: SimpleMoneyInput | null;
}

export const OptionValuePriceIdsFilter = idFilterInput('OptionValuePriceIdsFilter');
export const OptionValuePriceStatusFilter = statusFilterInput('OptionValuePriceStatusFilter');
export const OptionValuePriceOrderBy = orderByInput('OptionValuePriceOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
]);

/**
 * The arguments of `optionValuePrices` and of every connection of OptionValuePrice records (their
 * filters apply alike).
 */
@ArgsType()
export class OptionValuePriceListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => OptionValuePriceIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => OptionValuePriceStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => OptionValuePriceOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => OptionValueIdFilter, 'Only the records of these option values.')
  optionValueId?: ValuesFilter | null;
}
export const MutationRemovePricesFromOptionValueInput = createIdListInput(
  'MutationRemovePricesFromOptionValueInput',
  'priceIds',
  'String',
);
