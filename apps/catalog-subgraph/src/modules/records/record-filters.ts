import { Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { createStatusFilterInput, createStringFilterInput } from '@platform/graphql-subgraph';
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

export enum CatalogOrderField {
  CREATED_AT = 'CREATED_AT',
  UPDATED_AT = 'UPDATED_AT',
  NAME = 'NAME',
}
registerEnumType(CatalogOrderField, { name: 'CatalogOrderField' });

export enum OrderDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(OrderDirection, { name: 'OrderDirection' });

@InputType('CatalogIdFilter', { description: 'Records whose id is `eq` or one of `in` (at most 100).' })
export class CatalogIdFilter {
  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  eq?: string | null;

  @Field(() => [ID], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  in?: string[] | null;
}

@InputType('NameFilter', {
  description: 'Exact, prefix (case-sensitive) or substring (case-insensitive) match.',
})
export class NameFilter {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  eq?: string | null;

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

export const CatalogStatusFilter = createStatusFilterInput(
  'CatalogStatusFilter',
  CatalogStatus,
  'Without it, lists leave ARCHIVED records out.',
);
export type CatalogStatusFilter = InstanceType<typeof CatalogStatusFilter>;

export const CodeFilter = createStringFilterInput('CodeFilter', 128);
export type CodeFilter = InstanceType<typeof CodeFilter>;

@InputType('DateTimeFilter', { description: 'Bounds of a timestamp; every given bound applies.' })
export class DateTimeFilter {
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

@InputType('CatalogOrderBy')
export class CatalogOrderBy {
  @Field(() => CatalogOrderField, { defaultValue: CatalogOrderField.CREATED_AT })
  @IsEnum(CatalogOrderField)
  field!: CatalogOrderField;

  @Field(() => OrderDirection, { defaultValue: OrderDirection.ASC })
  @IsEnum(OrderDirection)
  direction!: OrderDirection;
}
