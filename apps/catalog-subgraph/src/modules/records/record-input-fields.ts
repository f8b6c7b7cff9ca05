import { applyDecorators } from '@nestjs/common';
import { Field, Float, Int } from '@nestjs/graphql';
import { SimpleMoneyInput } from '@platform/graphql-subgraph';
import { Type as TransformType } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { HTTP_URL, INT_MAX } from './record-inputs';

/**
 * The input fields of the catalog kinds' create and update inputs (`CreateSKUInput.price`), each
 * its GraphQL field and class-validator rules in one decorator. `required` (create inputs only)
 * makes the field non-null; otherwise it is optional and null clears it.
 */
export interface InputFieldOptions {
  readonly description: string;
  readonly required?: boolean;
}

/** The decorators in the order TypeScript applies a stack written top to bottom (the last first). */
function stacked(options: InputFieldOptions, field: PropertyDecorator, ...rules: PropertyDecorator[]) {
  const presence = options.required ? [] : [IsOptional()];
  return applyDecorators(...[field, ...presence, ...rules].reverse());
}

function fieldOptions(options: InputFieldOptions): { nullable?: boolean; description: string } {
  return options.required
    ? { description: options.description }
    : { nullable: true, description: options.description };
}

/** A String of at most `max` characters. */
export function StringInputField(options: InputFieldOptions & { readonly max: number }): PropertyDecorator {
  return stacked(
    options,
    Field(() => String, fieldOptions(options)),
    IsString(),
    MaxLength(options.max),
  );
}

/** An http or https URL of at most `max` characters. */
export function UrlInputField(options: InputFieldOptions & { readonly max: number }): PropertyDecorator {
  return (target, key) =>
    stacked(
      options,
      Field(() => String, fieldOptions(options)),
      IsString(),
      MaxLength(options.max),
      Matches(HTTP_URL, { message: `${String(key)} must be an http or https URL` }),
    )(target, key);
}

/** A non-negative Int. */
export function IntInputField(options: InputFieldOptions): PropertyDecorator {
  return stacked(
    options,
    Field(() => Int, fieldOptions(options)),
    IsInt(),
    Min(0),
    Max(INT_MAX),
  );
}

/** A finite non-negative Float. */
export function FloatInputField(options: InputFieldOptions): PropertyDecorator {
  return stacked(
    options,
    Field(() => Float, fieldOptions(options)),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Min(0),
  );
}

export function BooleanInputField(options: InputFieldOptions): PropertyDecorator {
  return stacked(
    options,
    Field(() => Boolean, fieldOptions(options)),
    IsBoolean(),
  );
}

/** An amount in minor units and its currency (SimpleMoneyInput). */
export function MoneyInputField(options: InputFieldOptions): PropertyDecorator {
  return stacked(
    options,
    Field(() => SimpleMoneyInput, fieldOptions(options)),
    ValidateNested(),
    TransformType(() => SimpleMoneyInput),
  );
}

/** At most `max` strings of at most 64 characters each. */
export function StringListInputField(
  options: InputFieldOptions & { readonly max: number },
): PropertyDecorator {
  return stacked(
    options,
    Field(() => [String], fieldOptions(options)),
    IsArray(),
    ArrayMaxSize(options.max),
    IsString({ each: true }),
    MaxLength(64, { each: true }),
  );
}

/** A nested input object of `type` (OptionValidationInput). */
export function NestedInputField(
  type: () => new () => object,
  options: InputFieldOptions,
): PropertyDecorator {
  return stacked(options, Field(type, fieldOptions(options)), ValidateNested(), TransformType(type));
}
