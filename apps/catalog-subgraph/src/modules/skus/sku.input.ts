import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  SimpleMoneyInput,
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
  SKUAttributeValueFilter,
  SKUCodeFilter,
  UpdatedAtFilter,
  WritableStatus,
  idFilterInput,
  orderByInput,
  statusFilterInput,
} from '../records/record-filters';
import type { OrderBy, ValuesFilter } from '../records/record-filters';
import { ListIdFilter, LocationIdFilter, SKUGroupIdFilter } from '../records/record-id-filters';
import {
  BooleanInputField,
  FloatInputField,
  IntInputField,
  MoneyInputField,
  StringInputField,
} from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS, createReplaceIdsInput } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';
import { MAX_QUERY_FILTER_LENGTH } from '../records/record-query-filter';

/** Sku's create input: `createSku(input)`. */
@InputType('CreateSKUInput')
export class CreateSKUInput {
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

  @Field(() => String, { nullable: true, description: 'Unique in the store, 1 to 128 characters.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  code?: string | null;

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @StringInputField({ description: 'A short label for tight spaces.', max: 128 })
  shortLabel?: string | null;

  @MoneyInputField({ description: 'Default selling price, in minor units.' })
  price?: SimpleMoneyInput | null;

  @MoneyInputField({ description: 'Price before a discount ("was"), in minor units.' })
  compareAtPrice?: SimpleMoneyInput | null;

  @IntInputField({ description: 'Shipping weight in grams.' })
  weightGrams?: number | null;

  @StringInputField({ description: 'GTIN / barcode (UPC, EAN, ISBN).', max: 14 })
  gtin?: string | null;

  @StringInputField({ description: 'EAN barcode.', max: 32 })
  eanCode?: string | null;

  @StringInputField({ description: 'GTIN barcode.', max: 32 })
  gtinCode?: string | null;

  @StringInputField({ description: 'ISBN.', max: 32 })
  isbnCode?: string | null;

  @StringInputField({ description: 'UPC barcode.', max: 32 })
  upcCode?: string | null;

  @FloatInputField({ description: 'Shipping weight, in unitOfWeight.' })
  weight?: number | null;

  @StringInputField({ description: 'Unit of weight: g, kg, lb, oz.', max: 16 })
  unitOfWeight?: string | null;

  @BooleanInputField({ description: 'Whether taxes apply; default true when omitted.' })
  taxable?: boolean | null;
}

/** `updateSku`'s input. */
@InputType('MutationUpdateSkuInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateSkuInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateSkuInput) => o.name !== undefined)
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

  @Field(() => String, { nullable: true, description: 'Unique in the store, 1 to 128 characters.' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  code?: string | null;

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @StringInputField({ description: 'A short label for tight spaces.', max: 128 })
  shortLabel?: string | null;

  @MoneyInputField({ description: 'Default selling price, in minor units.' })
  price?: SimpleMoneyInput | null;

  @MoneyInputField({ description: 'Price before a discount ("was"), in minor units.' })
  compareAtPrice?: SimpleMoneyInput | null;

  @IntInputField({ description: 'Shipping weight in grams.' })
  weightGrams?: number | null;

  @StringInputField({ description: 'GTIN / barcode (UPC, EAN, ISBN).', max: 14 })
  gtin?: string | null;

  @StringInputField({ description: 'EAN barcode.', max: 32 })
  eanCode?: string | null;

  @StringInputField({ description: 'GTIN barcode.', max: 32 })
  gtinCode?: string | null;

  @StringInputField({ description: 'ISBN.', max: 32 })
  isbnCode?: string | null;

  @StringInputField({ description: 'UPC barcode.', max: 32 })
  upcCode?: string | null;

  @FloatInputField({ description: 'Shipping weight, in unitOfWeight.' })
  weight?: number | null;

  @StringInputField({ description: 'Unit of weight: g, kg, lb, oz.', max: 16 })
  unitOfWeight?: string | null;

  @BooleanInputField({ description: 'Whether taxes apply; default true when omitted.' })
  taxable?: boolean | null;
}

/** The input of the deprecated `updateSKU`: the same fields as MutationUpdateSkuInput. */
@InputType('MutationUpdateSKUInput')
export class MutationUpdateSKUInput extends MutationUpdateSkuInput {}

export const SKUIdsFilter = idFilterInput('SKUIdsFilter');
export const SKUStatusFilter = statusFilterInput('SKUStatusFilter');
export const SKUOrderBy = orderByInput('SKUOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'label',
  'price',
]);
export const SKUEanCodeFilter = idFilterInput('SKUEanCodeFilter');
export const SKUGtinCodeFilter = idFilterInput('SKUGtinCodeFilter');
export const SKUIsbnCodeFilter = idFilterInput('SKUIsbnCodeFilter');
export const SKUUpcCodeFilter = idFilterInput('SKUUpcCodeFilter');
export const SKUChannelIdFilter = idFilterInput('SKUChannelIdFilter');

/** The arguments of `skus` and of every connection of SKU records (their filters apply alike). */
@ArgsType()
export class SKUListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => SKUIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => SKUStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => SKUOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUEanCodeFilter, 'Only records whose eanCode is one of these.')
  eanCode?: ValuesFilter | null;

  @OptionalNestedField(() => SKUGtinCodeFilter, 'Only records whose gtinCode is one of these.')
  gtinCode?: ValuesFilter | null;

  @OptionalNestedField(() => SKUIsbnCodeFilter, 'Only records whose isbnCode is one of these.')
  isbnCode?: ValuesFilter | null;

  @OptionalNestedField(() => SKUUpcCodeFilter, 'Only records whose upcCode is one of these.')
  upcCode?: ValuesFilter | null;

  @OptionalNestedField(() => SKUCodeFilter)
  code?: SKUCodeFilter | null;

  @OptionalNestedField(() => SKUAttributeValueFilter)
  attributeValues?: SKUAttributeValueFilter | null;

  @Field(() => String, {
    nullable: true,
    description:
      "OData subset: label or code `eq`/`ne`/`lt`/`gt` 'text', contains(label|code, 'text'), and, or, parentheses.",
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_QUERY_FILTER_LENGTH)
  queryFilter?: string | null;

  @OptionalNestedField(() => SKUChannelIdFilter, 'Only records assigned to one of these channels.')
  channelId?: ValuesFilter | null;

  @OptionalNestedField(() => SKUGroupIdFilter, 'Only members of these sku groups.')
  skuGroupId?: ValuesFilter | null;

  @OptionalNestedField(() => ListIdFilter, 'Only members of these lists.')
  listId?: ValuesFilter | null;

  @OptionalNestedField(() => LocationIdFilter, 'Only members of these locations.')
  locationId?: ValuesFilter | null;
}

const SKU_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToSkuInput',
  'MutationRemoveReferencesFromSkuInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToSku`'s input. */
export const MutationAddReferencesToSkuInput = SKU_REFERENCE_INPUTS.set;
/** `removeReferencesFromSku`'s input. */
export const MutationRemoveReferencesFromSkuInput = SKU_REFERENCE_INPUTS.remove;

/** The input of the deprecated `addReferencesToSKU`. */
@InputType('MutationAddReferencesToSKUInput')
export class MutationAddReferencesToSKUInput extends MutationAddReferencesToSkuInput {}

/** The input of the deprecated `removeReferencesFromSKU`. */
@InputType('MutationRemoveReferencesFromSKUInput')
export class MutationRemoveReferencesFromSKUInput extends MutationRemoveReferencesFromSkuInput {}
export const MutationAddAttributeValuesToSKUInput = createIdListInput(
  'MutationAddAttributeValuesToSKUInput',
  'attributeValueIds',
  'String',
);
export const MutationAddAttributeValuesToSkuInput = createIdListInput(
  'MutationAddAttributeValuesToSkuInput',
  'attributeValueIds',
  'String',
);
export const MutationRemoveAttributeValuesFromSKUInput = createIdListInput(
  'MutationRemoveAttributeValuesFromSKUInput',
  'attributeValueIds',
  'String',
);
export const MutationRemoveAttributeValuesFromSkuInput = createIdListInput(
  'MutationRemoveAttributeValuesFromSkuInput',
  'attributeValueIds',
  'String',
);
export const MutationAddOptionValuesToSkuInput = createIdListInput(
  'MutationAddOptionValuesToSkuInput',
  'optionValueIds',
  'String',
);
export const MutationRemoveOptionValuesFromSkuInput = createIdListInput(
  'MutationRemoveOptionValuesFromSkuInput',
  'optionValueIds',
  'String',
);
export const MutationAddMediaObjectsToSKUInput = createIdListInput(
  'MutationAddMediaObjectsToSKUInput',
  'mediaObjectIds',
  'String',
);
export const MutationAddMediaObjectsToSkuInput = createIdListInput(
  'MutationAddMediaObjectsToSkuInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromSKUInput = createIdListInput(
  'MutationRemoveMediaObjectsFromSKUInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromSkuInput = createIdListInput(
  'MutationRemoveMediaObjectsFromSkuInput',
  'mediaObjectIds',
  'String',
);
export const MutationUpdateSkuMediaObjectsInput = createReplaceIdsInput(
  'MutationUpdateSkuMediaObjectsInput',
  'mediaObjectIds',
);
export const MutationAddChannelsToSkuInput = createIdListInput(
  'MutationAddChannelsToSkuInput',
  'channelIds',
  'String',
);
export const MutationRemoveChannelsFromSkuInput = createIdListInput(
  'MutationRemoveChannelsFromSkuInput',
  'channelIds',
  'String',
);
