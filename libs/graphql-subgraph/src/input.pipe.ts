import { PipeTransform, Type } from '@nestjs/common';
import { Args, ArgsOptions } from '@nestjs/graphql';
import { PlatformValidationPipe } from '@platform/errors';

const validator = new PlatformValidationPipe();

/**
 * class-validator for one GraphQL argument whose class is known only at run time (generic
 * resolvers, where the reflected parameter type is Object and the global pipe skips it). Same
 * rules as the global pipe; a failure renders as BAD_USER_INPUT with fields[] relative to the
 * argument (docs/graphql.md, "Errors").
 */
export class InputValidationPipe implements PipeTransform {
  constructor(private readonly type: Type<unknown>) {}

  async transform(value: unknown): Promise<unknown> {
    if (value === undefined || value === null) return value;
    return validator.transform(value, { type: 'body', metatype: this.type });
  }
}

/** `@Args(name, { type })` validated with the class's class-validator rules. */
export function InputArg(
  name: string,
  type: Type<unknown>,
  options: Omit<ArgsOptions, 'type'> = {},
): ParameterDecorator {
  return Args(name, { ...options, type: () => type }, new InputValidationPipe(type));
}

/** `@Args()` of an @ArgsType class known only at run time, validated like InputArg. */
export function ArgsOf(type: Type<unknown>): ParameterDecorator {
  return Args({ type: () => type }, new InputValidationPipe(type));
}
