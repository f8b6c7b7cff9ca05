import { ArgsType, Field, InputType } from '@nestjs/graphql';
import { ConnectionArgs, OptionalNestedField, ReferenceValueFilter } from '@platform/graphql-subgraph';
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
import { StringInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** InventoryAdjustmentReason's create input: `createInventoryAdjustmentReason(input)`. */
@InputType('MutationCreateInventoryAdjustmentReasonInput')
export class MutationCreateInventoryAdjustmentReasonInput {
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

  @StringInputField({ description: 'Long description.', max: 10_000 })
  description?: string | null;
}

/** `updateInventoryAdjustmentReason`'s input. */
@InputType('MutationUpdateInventoryAdjustmentReasonInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateInventoryAdjustmentReasonInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateInventoryAdjustmentReasonInput) => o.name !== undefined)
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

  @Field(() => String, { description: 'The InventoryAdjustmentReason to change.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  id!: string;

  @StringInputField({ description: 'Long description.', max: 10_000 })
  description?: string | null;
}

/** `archiveInventoryAdjustmentReason`'s input. */
@InputType('MutationArchiveInventoryAdjustmentReasonInput')
export class MutationArchiveInventoryAdjustmentReasonInput {
  @Field(() => String, { description: 'The InventoryAdjustmentReason to change.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  id!: string;
}

export const InventoryAdjustmentReasonIdsFilter = idFilterInput('InventoryAdjustmentReasonIdsFilter');
export const InventoryAdjustmentReasonStatusFilter = statusFilterInput(
  'InventoryAdjustmentReasonStatusFilter',
);
export const InventoryAdjustmentReasonOrderBy = orderByInput('InventoryAdjustmentReasonOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
]);

/**
 * The arguments of `inventoryAdjustmentReasons` and of every connection of
 * InventoryAdjustmentReason records (their filters apply alike).
 */
@ArgsType()
export class InventoryAdjustmentReasonListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => InventoryAdjustmentReasonIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => InventoryAdjustmentReasonStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => InventoryAdjustmentReasonOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;
}
