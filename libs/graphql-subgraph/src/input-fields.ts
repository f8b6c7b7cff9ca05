import { applyDecorators } from '@nestjs/common';
import { Field, ID } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsOptional, IsUUID, ValidateNested } from 'class-validator';

/** A nullable `ID` input field holding a uuid (validated), e.g. an optional owner id. */
export function OptionalUuidField(description?: string): PropertyDecorator {
  return applyDecorators(
    Field(() => ID, { nullable: true, description }),
    IsOptional(),
    IsUUID(),
  );
}

/** A nullable input-object field, validated as a nested input of `type`. */
export function OptionalNestedField(type: () => new () => object, description?: string): PropertyDecorator {
  return applyDecorators(
    Field(type, { nullable: true, description }),
    IsOptional(),
    ValidateNested(),
    Type(type),
  );
}
