import { OptionalNestedField } from '@platform/graphql-subgraph';
import { Type } from '@nestjs/common';
import { Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsEnum, IsOptional, IsString, MaxLength } from 'class-validator';

export enum OrderDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(OrderDirection, { name: 'OrderDirection' });

/** `{ eq: ID, in: [ID!] }` under the name the public schema uses (RateIdFilter, …). */
export function createIdFilterInput(name: string): Type<{ eq?: string | null; in?: string[] | null }> {
  @InputType(name)
  class IdFilter {
    @Field(() => ID, { nullable: true })
    @IsOptional()
    @IsString()
    @MaxLength(64)
    eq?: string | null;

    @Field(() => [ID], { nullable: true, description: 'At most 100 ids.' })
    @IsOptional()
    @IsArray()
    @ArrayMaxSize(100)
    @IsString({ each: true })
    @MaxLength(64, { each: true })
    in?: string[] | null;
  }
  return IdFilter;
}

/** `{ field: <X>OrderField = CREATED_AT, direction: OrderDirection = ASC }`. */
export function createOrderByInput<F extends string>(
  name: string,
  fieldEnum: Record<string, F>,
): Type<{ field: F; direction: OrderDirection }> {
  @InputType(name)
  class OrderBy {
    @Field(() => fieldEnum, { defaultValue: 'CREATED_AT' })
    @IsEnum(fieldEnum)
    field!: F;

    @Field(() => OrderDirection, { defaultValue: OrderDirection.ASC })
    @IsEnum(OrderDirection)
    direction!: OrderDirection;
  }
  return OrderBy;
}

/**
 * An optional, nested filter argument of a list (`id`, `status`, `orderBy`, …): the GraphQL field
 * and its validation. Applies the decorators in the order they would run stacked above a property.
 */
export function NestedFilter(type: Type<unknown>, description?: string): PropertyDecorator {
  return OptionalNestedField(() => type as new () => object, description);
}

/** The values an id filter asks for, or undefined when it filters nothing. */
export function idsOf(
  filter: { eq?: string | null; in?: string[] | null } | null | undefined,
): string[] | undefined {
  if (!filter) return undefined;
  const ids = [...(filter.eq != null ? [filter.eq] : []), ...(filter.in ?? [])];
  return filter.eq == null && filter.in == null ? undefined : ids;
}
