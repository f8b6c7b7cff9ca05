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
import { SKUIdFilter } from '../records/record-id-filters';
import { IntInputField, MoneyInputField, StringInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** SkuPrice's create input: `createSkuPrice(input)`. */
@InputType('MutationCreateSkuPriceInput')
export class MutationCreateSkuPriceInput {
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

  @Field(() => String, { description: 'The SKU it prices.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  skuId!: string;

  @MoneyInputField({ required: true, description: 'The price, in minor units.' })
  amount!: SimpleMoneyInput;

  @MoneyInputField({ description: 'The price before a discount ("was"), in minor units.' })
  compareAtValue?: SimpleMoneyInput | null;

  @StringInputField({ description: 'The channel it applies to; none: every channel.', max: 64 })
  channelId?: string | null;

  @IntInputField({ description: 'Smallest quantity it applies to.' })
  minQuantity?: number | null;
}

/** `updateSkuPrice`'s input. */
@InputType('MutationUpdateSkuPriceInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateSkuPriceInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateSkuPriceInput) => o.name !== undefined)
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

  @MoneyInputField({ description: 'The price, in minor units.' })
  amount?: SimpleMoneyInput | null;

  @MoneyInputField({ description: 'The price before a discount ("was"), in minor units.' })
  compareAtValue?: SimpleMoneyInput | null;

  @StringInputField({ description: 'The channel it applies to; none: every channel.', max: 64 })
  channelId?: string | null;

  @IntInputField({ description: 'Smallest quantity it applies to.' })
  minQuantity?: number | null;
}

/** The input of the deprecated `createSKUPrice`: the same fields as MutationCreateSkuPriceInput. */
@InputType('MutationCreateSKUPriceInput')
export class MutationCreateSKUPriceInput extends MutationCreateSkuPriceInput {}

/** The input of the deprecated `updateSKUPrice`: the same fields as MutationUpdateSkuPriceInput. */
@InputType('MutationUpdateSKUPriceInput')
export class MutationUpdateSKUPriceInput extends MutationUpdateSkuPriceInput {}

export const SKUPriceIdsFilter = idFilterInput('SKUPriceIdsFilter');
export const SKUPriceStatusFilter = statusFilterInput('SKUPriceStatusFilter');
export const SKUPriceOrderBy = orderByInput('SKUPriceOrderBy', ['createdAt', 'updatedAt', 'name', 'id']);

/** The arguments of `skuPrices` and of every connection of SKUPrice records (their filters apply alike). */
@ArgsType()
export class SKUPriceListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => SKUPriceIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => SKUPriceStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => SKUPriceOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUIdFilter, 'Only the records of these skus.')
  skuId?: ValuesFilter | null;
}
export const MutationRemovePricesFromSKUInput = createIdListInput(
  'MutationRemovePricesFromSKUInput',
  'priceIds',
  'String',
);
export const MutationRemovePricesFromSkuInput = createIdListInput(
  'MutationRemovePricesFromSkuInput',
  'priceIds',
  'String',
);
