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
import { AttributeIdFilter, SKUIdFilter } from '../records/record-id-filters';
import { IntInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** AttributeValue's create input: `createAttributeValue(input)`. */
@InputType('CreateAttributeValueInput')
export class CreateAttributeValueInput {
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

  @Field(() => String, { description: 'The attribute this value belongs to.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  attributeId!: string;

  @IntInputField({ description: 'Order among the attribute’s values.' })
  position?: number | null;
}

/** `updateAttributeValue`'s input. */
@InputType('MutationUpdateAttributeValueInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateAttributeValueInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateAttributeValueInput) => o.name !== undefined)
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

  @IntInputField({ description: 'Order among the attribute’s values.' })
  position?: number | null;
}

export const AttributeValueIdsFilter = idFilterInput('AttributeValueIdsFilter');
export const AttributeValueStatusFilter = statusFilterInput('AttributeValueStatusFilter');
export const AttributeValueOrderBy = orderByInput('AttributeValueOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'attributeId',
  'position',
]);

/**
 * The arguments of `attributeValues` and of every connection of AttributeValue records (their
 * filters apply alike).
 */
@ArgsType()
export class AttributeValueListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => AttributeValueIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => AttributeValueStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => AttributeValueOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => AttributeIdFilter, 'Only the records of these attributes.')
  attributeId?: ValuesFilter | null;

  @OptionalNestedField(() => SKUIdFilter, 'Only members of these skus.')
  skuId?: ValuesFilter | null;
}
export const MutationRemoveAttributeValuesFromAttributeInput = createIdListInput(
  'MutationRemoveAttributeValuesFromAttributeInput',
  'attributeValueIds',
  'String',
);
