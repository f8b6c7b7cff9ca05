import { PipeTransform } from '@nestjs/common';
import { Errors, Violation, ViolationCode, toViolations } from '@platform/errors';
import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

const bodyViolation = (path: (string | number)[], code: string, message: string): Violation => ({
  location: 'body',
  path,
  code,
  message,
});

/**
 * The records endpoints take a top-level JSON array, which the global validation pipe does not
 * look into (Nest validates classes, not arrays of them): this pipe checks the array's size and
 * each item against `item`, with fields[] paths such as `$[1].data`.
 */
export class RecordArrayPipe<T extends object> implements PipeTransform<unknown, Promise<T[]>> {
  constructor(
    private readonly item: ClassConstructor<T>,
    private readonly min: number,
    private readonly max: number,
  ) {}

  async transform(body: unknown): Promise<T[]> {
    if (!Array.isArray(body))
      throw Errors.validation([
        bodyViolation([], ViolationCode.INVALID_FORMAT, 'the body must be a JSON array of records'),
      ]);
    if (body.length < this.min || body.length > this.max)
      throw Errors.validation([
        bodyViolation([], ViolationCode.OUT_OF_RANGE, `the body takes ${this.min} to ${this.max} records`),
      ]);
    const violations: Violation[] = [];
    const items: T[] = [];
    for (const [index, raw] of body.entries()) {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
        violations.push(
          bodyViolation([index], ViolationCode.INVALID_FORMAT, 'each item must be a record object'),
        );
        continue;
      }
      const instance = plainToInstance(this.item, raw);
      const errors = await validate(instance, {
        whitelist: true,
        forbidNonWhitelisted: true,
        stopAtFirstError: true,
        validationError: { target: false, value: true },
      });
      violations.push(...toViolations(errors, 'body', [index]));
      items.push(instance);
    }
    if (violations.length) throw Errors.validation(violations);
    return items;
  }
}
