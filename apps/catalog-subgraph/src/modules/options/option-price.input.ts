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
import { OptionIdFilter } from '../records/record-id-filters';
import { MoneyInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** OptionPrice's create input: `createOptionPrice(input)`. */
@InputType('MutationCreateOptionPriceInput')
export class MutationCreateOptionPriceInput {
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

  @Field(() => String, { description: 'The option it prices.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  optionId!: string;

  @MoneyInputField({ required: true, description: 'Amount added to the SKU price, in minor units.' })
  amount!: SimpleMoneyInput;

  @MoneyInputField({ description: 'The amount before a discount ("was"), in minor units.' })
  compareAtValue?: SimpleMoneyInput | null;
}

/** `updateOptionPrice`'s input. */
@InputType('MutationUpdateOptionPriceInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateOptionPriceInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateOptionPriceInput) => o.name !== undefined)
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

export const OptionPriceIdsFilter = idFilterInput('OptionPriceIdsFilter');
export const OptionPriceStatusFilter = statusFilterInput('OptionPriceStatusFilter');
export const OptionPriceOrderBy = orderByInput('OptionPriceOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
]);

/**
 * The arguments of `optionPrices` and of every connection of OptionPrice records (their filters
 * apply alike).
 */
@ArgsType()
export class OptionPriceListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => OptionPriceIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => OptionPriceStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => OptionPriceOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => OptionIdFilter, 'Only the records of these options.')
  optionId?: ValuesFilter | null;
}
export const MutationRemovePricesFromOptionInput = createIdListInput(
  'MutationRemovePricesFromOptionInput',
  'priceIds',
  'String',
);
