import { applyDecorators } from '@nestjs/common';
import { ArgsType, Field, InputType, Int } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  createStatusFilterInput,
} from '@platform/graphql-subgraph';
import {
  CreatedAtFilter,
  OrderBy,
  PaginationType,
  PaginationTypeField,
  UpdatedAtFilter,
  ValuesFilter,
  idFilterInput,
  orderByInput,
} from '../records/record-filters';
import type { DateRange } from '../records/record-list-args';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  ValidateIf,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  NotEquals,
} from 'class-validator';
import {
  DEFAULT_RESERVATION_SECONDS,
  MAX_INVENTORY_QUANTITY,
  MAX_RESERVATION_SECONDS,
  MIN_RESERVATION_SECONDS,
} from './inventory-rules';
import { INVENTORY_COUNT_TYPES, InventoryCountType } from './inventory-type-count.entity';
import { InventoryAdjustmentType } from './inventory.model';

const QUANTITY = `1 to ${MAX_INVENTORY_QUANTITY.toLocaleString('en-US')}.`;

/** A catalog record id argument: ids that name nothing in the store answer <KIND>_NOT_FOUND. */
function RecordId(description: string): PropertyDecorator {
  return applyDecorators(
    Field(() => String, { description }),
    IsString(),
    IsNotEmpty(),
    MaxLength(64),
  );
}

@InputType('MutationStockInventoryInput', { description: 'Units received at a location: on hand goes up.' })
export class MutationStockInventoryInput {
  @RecordId('A Location of the store.')
  locationId!: string;

  @RecordId('A SKU of the store.')
  skuId!: string;

  @Field(() => Int, { description: QUANTITY })
  @IsInt()
  @Min(1)
  @Max(MAX_INVENTORY_QUANTITY)
  quantity!: number;

  @Field(() => String, { nullable: true, description: 'An InventoryAdjustmentReason of the store.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  reasonId?: string | null;
}

@InputType('MutationCommitInventoryInput', {
  description: 'Reserves units (available goes down) until released or expired.',
})
export class MutationCommitInventoryInput {
  @RecordId('A Location of the store.')
  locationId!: string;

  @RecordId('A SKU of the store.')
  skuId!: string;

  @Field(() => Int, { description: QUANTITY })
  @IsInt()
  @Min(1)
  @Max(MAX_INVENTORY_QUANTITY)
  quantity!: number;

  @Field(() => Int, {
    nullable: true,
    description: `Seconds until the reservation expires by itself, ${MIN_RESERVATION_SECONDS} to ${MAX_RESERVATION_SECONDS}; default ${DEFAULT_RESERVATION_SECONDS}.`,
  })
  @IsOptional()
  @IsInt()
  @Min(MIN_RESERVATION_SECONDS)
  @Max(MAX_RESERVATION_SECONDS)
  expiresInSeconds?: number | null;
}

@InputType('MutationReleaseInventoryInput', { description: 'Gives an active reservation back.' })
export class MutationReleaseInventoryInput {
  @Field(() => String, { description: 'reservationId of the COMMIT adjustment commitInventory returned.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  reservationId!: string;
}

@InputType('MutationAdjustInventoryInput', {
  description: 'A correction of on hand (recount, damage, return).',
})
export class MutationAdjustInventoryInput {
  @RecordId('A Location of the store.')
  locationId!: string;

  @RecordId('A SKU of the store.')
  skuId!: string;

  @Field(() => Int, {
    description: `Units added (positive) or removed (negative), not 0, at most ${MAX_INVENTORY_QUANTITY.toLocaleString('en-US')} either way.`,
  })
  @IsInt()
  @NotEquals(0)
  @Min(-MAX_INVENTORY_QUANTITY)
  @Max(MAX_INVENTORY_QUANTITY)
  delta!: number;

  @RecordId('An InventoryAdjustmentReason of the store.')
  reasonId!: string;
}

/** The adjustment types createInventoryAdjustment writes; reservations go through commit/releaseInventory. */
export const CREATABLE_ADJUSTMENT_TYPES = [InventoryAdjustmentType.STOCK, InventoryAdjustmentType.ADJUST];

@InputType('MutationCreateInventoryAdjustmentInput', {
  description:
    "The public graph's generic adjustment: STOCK (as stockInventory, quantity 1 up) or ADJUST (as " +
    'adjustInventory, quantity signed, not 0, with a reasonId). COMMIT and RELEASE are refused.',
})
export class MutationCreateInventoryAdjustmentInput {
  @RecordId('A Location of the store.')
  locationId!: string;

  @RecordId('A SKU of the store.')
  skuId!: string;

  @Field(() => InventoryAdjustmentType, { description: 'STOCK or ADJUST.' })
  @IsIn(CREATABLE_ADJUSTMENT_TYPES, {
    message: 'type must be STOCK or ADJUST (commitInventory and releaseInventory reserve)',
  })
  type!: InventoryAdjustmentType;

  @Field(() => Int, {
    description: `STOCK: ${QUANTITY} ADJUST: units added (positive) or removed (negative), not 0.`,
  })
  @IsInt()
  @NotEquals(0)
  @Min(-MAX_INVENTORY_QUANTITY)
  @Max(MAX_INVENTORY_QUANTITY)
  quantity!: number;

  @Field(() => String, { nullable: true, description: 'An InventoryAdjustmentReason; required for ADJUST.' })
  @ValidateIf(
    (o: MutationCreateInventoryAdjustmentInput) =>
      o.type === InventoryAdjustmentType.ADJUST || o.reasonId != null,
  )
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  reasonId?: string | null;
}

const adjustmentTypeFilter = createStatusFilterInput(
  'InventoryAdjustmentTypeFilter',
  InventoryAdjustmentType,
);
const adjustmentOrderBy = orderByInput('InventoryAdjustmentOrderBy', ['createdAt', 'id']);
// Made here, not in the field thunks: Nest registers an input type when its class is decorated.
const adjustmentIds = idFilterInput('InventoryAdjustmentIdsFilter');
const skuIds = idFilterInput('SKUIdFilter');
const locationIds = idFilterInput('LocationIdFilter');

const TYPES_HELP = INVENTORY_COUNT_TYPES.join(', ');

@InputType('InventoryCountTypeFilter', { description: `Count types: ${TYPES_HELP}.` })
export class InventoryCountTypeFilter {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsIn(INVENTORY_COUNT_TYPES, { message: `eq must be one of ${TYPES_HELP}` })
  eq?: InventoryCountType | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INVENTORY_COUNT_TYPES.length)
  @IsIn(INVENTORY_COUNT_TYPES, { each: true, message: `each of in must be one of ${TYPES_HELP}` })
  in?: InventoryCountType[] | null;
}

const countIds = idFilterInput('InventoryCountIdsFilter');
const countOrderBy = orderByInput('InventoryCountOrderBy', ['createdAt', 'id']);

/** The public graph's inventoryCounts arguments: counts by type, keyset-paged. */
@ArgsType()
export class QueryInventoryCountsArgs extends ConnectionArgs {
  @OptionalNestedField(() => countIds)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => skuIds, 'Only the counts of these SKUs.')
  skuId?: ValuesFilter | null;

  @OptionalNestedField(() => locationIds, 'Only the counts at these locations.')
  locationId?: ValuesFilter | null;

  @OptionalNestedField(() => InventoryCountTypeFilter, 'Only counts of these types.')
  type?: ValuesFilter<InventoryCountType> | null;

  @OptionalNestedField(() => CreatedAtFilter)
  createdAt?: DateRange | null;

  @OptionalNestedField(() => UpdatedAtFilter)
  updatedAt?: DateRange | null;

  @OptionalNestedField(() => countOrderBy, 'createdAt (default, ASC) or id; the id breaks ties.')
  orderBy?: OrderBy | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;
}

/** The public graph's inventoryAdjustments arguments (the id filters are `{ eq, in }`). */
@ArgsType()
export class QueryInventoryAdjustmentsArgs extends ConnectionArgs {
  @OptionalNestedField(() => adjustmentIds)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => skuIds, 'Only the adjustments of these SKUs.')
  skuId?: ValuesFilter | null;

  @OptionalNestedField(() => locationIds, 'Only the adjustments at these locations.')
  locationId?: ValuesFilter | null;

  @OptionalNestedField(() => adjustmentTypeFilter, 'Only adjustments of these types.')
  type?: ValuesFilter<InventoryAdjustmentType> | null;

  @OptionalNestedField(() => CreatedAtFilter)
  createdAt?: DateRange | null;

  @OptionalNestedField(
    () => ReferenceValueFilter,
    'Adjustments have no external references: it matches none.',
  )
  referenceValue?: ValuesFilter | null;

  @OptionalNestedField(() => adjustmentOrderBy, 'createdAt (default, ASC) or id; the id breaks ties.')
  orderBy?: OrderBy | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;
}
