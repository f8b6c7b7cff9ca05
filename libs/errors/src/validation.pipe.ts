import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { Errors, Violation, ViolationCode, ViolationLocation } from './platform-error';
import { installValidationMetadataCache } from './validation-metadata-cache';

installValidationMetadataCache();

const LOCATION: Record<ArgumentMetadata['type'], ViolationLocation> = {
  body: 'body',
  query: 'query',
  param: 'path',
  custom: 'body',
};

function violationCode(constraint: string): string {
  switch (constraint) {
    case 'whitelistValidation':
      return ViolationCode.UNKNOWN_FIELD;
    case 'isDefined':
    case 'isNotEmpty':
      return ViolationCode.REQUIRED;
    case 'min':
    case 'max':
    case 'minLength':
    case 'maxLength':
    case 'isLength':
    case 'arrayMinSize':
    case 'arrayMaxSize':
    case 'arrayNotEmpty':
      return ViolationCode.OUT_OF_RANGE;
    case 'isEnum':
    case 'isIn':
    case 'isBoolean':
      return ViolationCode.INVALID_VALUE;
    default:
      return ViolationCode.INVALID_FORMAT;
  }
}

/** Flattens class-validator's tree into one Violation per failed constraint. */
export function toViolations(
  errors: readonly ValidationError[],
  location: ViolationLocation,
  parent: readonly (string | number)[] = [],
): Violation[] {
  return errors.flatMap((e) => {
    const segment = /^\d+$/.test(e.property) ? Number(e.property) : e.property;
    const path = [...parent, segment];
    const own = Object.entries(e.constraints ?? {}).map(([constraint, message]) => ({
      location,
      path,
      code: violationCode(constraint),
      message,
      value: e.value,
    }));
    return [...own, ...toViolations(e.children ?? [], location, path)];
  });
}

/**
 * class-validator at the edge: strips nothing silently (unknown fields are rejected), transforms
 * to the DTO class, and answers 400 in the area's shape with one violation per bad field.
 */
@Injectable()
export class PlatformValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      // One violation per field: a missing value is REQUIRED, not also every format it lacks.
      stopAtFirstError: true,
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => errors,
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (e) {
      if (Array.isArray(e)) {
        throw Errors.validation(toViolations(e as ValidationError[], LOCATION[metadata.type]));
      }
      throw e;
    }
  }
}
