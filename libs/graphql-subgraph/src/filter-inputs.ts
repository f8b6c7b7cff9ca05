import { Type } from '@nestjs/common';
import { Field, InputType } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsEnum, IsOptional, IsString, MaxLength } from 'class-validator';

/** `{ eq: <Status>, in: [<Status>!] }` over a status enum, under the name the public schema uses. */
export function createStatusFilterInput<S extends string>(
  name: string,
  statusEnum: Record<string, S>,
  description?: string,
): Type<{ eq?: S | null; in?: S[] | null }> {
  @InputType(name, { description })
  class StatusFilter {
    @Field(() => statusEnum, { nullable: true })
    @IsOptional()
    @IsEnum(statusEnum)
    eq?: S | null;

    @Field(() => [statusEnum], { nullable: true })
    @IsOptional()
    @IsArray()
    @IsEnum(statusEnum, { each: true })
    in?: S[] | null;
  }
  return StatusFilter;
}

/** `{ eq: String, in: [String!] }` (at most 100 values; `eq` at most `maxLength` characters). */
export function createStringFilterInput(
  name: string,
  maxLength: number,
): Type<{ eq?: string | null; in?: string[] | null }> {
  @InputType(name)
  class StringFilter {
    @Field(() => String, { nullable: true })
    @IsOptional()
    @IsString()
    @MaxLength(maxLength)
    eq?: string | null;

    @Field(() => [String], { nullable: true })
    @IsOptional()
    @IsArray()
    @ArrayMaxSize(100)
    @IsString({ each: true })
    in?: string[] | null;
  }
  return StringFilter;
}
