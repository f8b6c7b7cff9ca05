import { Type, applyDecorators } from '@nestjs/common';
import { Field, InputType, registerEnumType } from '@nestjs/graphql';
import { createStringFilterInput } from '@platform/graphql-subgraph';
import {
  ArrayMaxSize,
  IsArray,
  IsDate,
  IsEnum,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import type { DateRange } from './record-list-args';

/** Lifecycle of every catalog record: archive<X> makes it ARCHIVED (hidden from lists by default). */
export enum CatalogStatus {
  ACTIVE = 'ACTIVE',
  DRAFT = 'DRAFT',
  ARCHIVED = 'ARCHIVED',
}
registerEnumType(CatalogStatus, {
  name: 'CatalogStatus',
  description: 'ACTIVE or DRAFT on create/update; ARCHIVED only through archive<X>.',
});

/** The statuses a create or update may set. */
export const WRITABLE_STATUSES = [CatalogStatus.ACTIVE, CatalogStatus.DRAFT];
export const WritableStatus = IsIn(WRITABLE_STATUSES, {
  message: 'status must be ACTIVE or DRAFT (archive<X> archives)',
});

/** The public graph's sort direction (the fields of every `<Kind>OrderBy`). */
export enum OrderDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(OrderDirection, { name: 'OrderByDirectionEnum' });

/** The public graph's paging modes; only CURSOR (keyset) is served, OFFSET is refused. */
export enum PaginationType {
  CURSOR = 'CURSOR',
  OFFSET = 'OFFSET',
}
registerEnumType(PaginationType, {
  name: 'PaginationType',
  description: 'CURSOR (the default) only: OFFSET is refused with INVALID_VALUE.',
});

/** `paginationType: PaginationType = CURSOR` of a list's arguments. */
export const PaginationTypeField = (): PropertyDecorator =>
  applyDecorators(
    Field(() => PaginationType, { nullable: true, defaultValue: PaginationType.CURSOR }),
    IsOptional(),
    IsEnum(PaginationType),
  );

/** An `{ eq, in }` filter's shape. */
export type ValuesFilter<S = string> = { eq?: S | null; in?: S[] | null };

/** Made once per GraphQL name: a name is registered by one class only. */
function once<T>(made: Map<string, T>, name: string, make: () => T): T {
  let found = made.get(name);
  if (found === undefined) {
    found = make();
    made.set(name, found);
  }
  return found;
}

const ID_FILTERS = new Map<string, Type<ValuesFilter>>();

/** `{ eq, in }` over ids under the public graph's name (`SKUIdsFilter`, `SKUGroupIdFilter`). */
export function idFilterInput(name: string): Type<ValuesFilter> {
  return once(ID_FILTERS, name, () => createStringFilterInput(name, 64));
}

const STATUS_FILTERS = new Map<string, Type<ValuesFilter>>();
const STATUS_VALUES = Object.values(CatalogStatus);
const STATUS_MESSAGE = `each status must be one of ${STATUS_VALUES.join(', ')}`;

/**
 * `<Kind>StatusFilter { eq: String, in: [String!] }`, typed String as the public graph types it;
 * each value must still be a CatalogStatus (else INVALID_VALUE).
 */
export function statusFilterInput(name: string): Type<ValuesFilter> {
  return once(STATUS_FILTERS, name, () => {
    @InputType(name, {
      description: `ACTIVE, DRAFT or ARCHIVED; without it, lists leave ARCHIVED records out.`,
    })
    class StatusFilter implements ValuesFilter {
      @Field(() => String, { nullable: true })
      @IsOptional()
      @IsIn(STATUS_VALUES, { message: STATUS_MESSAGE })
      eq?: string | null;

      @Field(() => [String], { nullable: true })
      @IsOptional()
      @IsArray()
      @ArrayMaxSize(STATUS_VALUES.length)
      @IsIn(STATUS_VALUES, { each: true, message: STATUS_MESSAGE })
      in?: string[] | null;
    }
    return StatusFilter;
  });
}

/**
 * The fields a `<Kind>OrderBy` may set, and the cursor key of each (record-sorts.ts has their SQL).
 * Every kind orders by the first four; a kind's `orderBy` adds others.
 */
export const ORDER_FIELDS = {
  createdAt: 'CREATED_AT',
  updatedAt: 'UPDATED_AT',
  name: 'NAME',
  id: 'ID',
  label: 'LABEL',
  position: 'POSITION',
  price: 'PRICE',
  lowestPrice: 'LOWEST_PRICE',
  saleCount: 'SALE_COUNT',
  attributeId: 'ATTRIBUTE_ID',
  skuGroupId: 'SKU_GROUP_ID',
} as const;
export type OrderField = keyof typeof ORDER_FIELDS;
/** The order fields of every kind. */
export const BASE_ORDER_FIELDS: readonly OrderField[] = ['createdAt', 'updatedAt', 'name', 'id'];
export type OrderBy = Partial<Record<OrderField, OrderDirection | null>>;

const ORDER_BYS = new Map<string, Type<OrderBy>>();

/** `<Kind>OrderBy`: one of `fields` (default BASE_ORDER_FIELDS) with its direction. */
export function orderByInput(name: string, fields: readonly OrderField[] = BASE_ORDER_FIELDS): Type<OrderBy> {
  return once(ORDER_BYS, name, () => {
    @InputType(name, {
      description: 'Set one field (none: createdAt ASC); the id breaks ties. Two or more are refused.',
    })
    class KindOrderBy {}
    for (const field of fields) {
      Field(() => OrderDirection, { nullable: true })(KindOrderBy.prototype, field);
      IsOptional()(KindOrderBy.prototype, field);
      IsEnum(OrderDirection)(KindOrderBy.prototype, field);
    }
    return KindOrderBy as Type<OrderBy>;
  });
}

@InputType('NameFilter', {
  description:
    'Exact (`eq`, `in`), prefix (case-sensitive) or substring (case-insensitive); all given apply.',
})
export class NameFilter {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  eq?: string | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(256, { each: true })
  in?: string[] | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  startsWith?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  contains?: string | null;
}

@InputType('LabelFilter', { description: 'Exact or substring (case-insensitive) match of the label.' })
export class LabelFilter {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  eq?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  contains?: string | null;
}

@InputType('SKUCodeFilter', { description: 'Exact (`eq`, `in`) or substring (case-insensitive) match.' })
export class SKUCodeFilter {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  eq?: string | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(128, { each: true })
  in?: string[] | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  contains?: string | null;
}

@InputType('SKUAttributeValueFilter', {
  description: 'SKUs that have every one of these attribute values (at most 100 ids).',
})
export class SKUAttributeValueFilter {
  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  has?: string[] | null;
}

/** Bounds of a timestamp under the public graph's names (`CreatedAtFilter`, `UpdatedAtFilter`). */
function dateRangeFilterInput(name: string): Type<DateRange> {
  @InputType(name, { description: 'Bounds of a timestamp; every given bound applies.' })
  class DateRangeFilter implements DateRange {
    @Field(() => Date, { nullable: true })
    @IsOptional()
    @IsDate()
    gt?: Date | null;

    @Field(() => Date, { nullable: true })
    @IsOptional()
    @IsDate()
    gte?: Date | null;

    @Field(() => Date, { nullable: true })
    @IsOptional()
    @IsDate()
    lt?: Date | null;

    @Field(() => Date, { nullable: true })
    @IsOptional()
    @IsDate()
    lte?: Date | null;
  }
  return DateRangeFilter;
}

export const CreatedAtFilter = dateRangeFilterInput('CreatedAtFilter');
export const UpdatedAtFilter = dateRangeFilterInput('UpdatedAtFilter');
