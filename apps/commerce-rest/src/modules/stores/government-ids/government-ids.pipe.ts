import { Injectable, PipeTransform } from '@nestjs/common';
import { Errors, Violation, ViolationCode, toViolations } from '@platform/errors';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { GovernmentIdInput, GovernmentIdRequest, MAX_GOVERNMENT_IDS } from './government-ids.request';

/** A violation of the government id itself never carries its value (nothing echoes or logs an id). */
function withoutSecret(v: Violation): Violation {
  return v.path[v.path.length - 1] === 'governmentId' ? { ...v, value: undefined } : v;
}

/**
 * The body of PUT …/government-ids is a top-level JSON array, which the global validation pipe
 * does not validate (Nest validates classes, not arrays of them). This pipe does: one violation
 * per bad item field, with paths such as [0, 'governmentId'] (details[].field `/0/governmentId`).
 */
@Injectable()
export class GovernmentIdsPipe implements PipeTransform<unknown, Promise<GovernmentIdInput[]>> {
  async transform(body: unknown): Promise<GovernmentIdInput[]> {
    if (!Array.isArray(body)) {
      throw Errors.validation([
        {
          location: 'body',
          path: [],
          code: ViolationCode.INVALID_FORMAT,
          message: 'the body must be a JSON array of GovernmentId',
        },
      ]);
    }
    if (body.length > MAX_GOVERNMENT_IDS) {
      throw Errors.validation([
        {
          location: 'body',
          path: [],
          code: ViolationCode.OUT_OF_RANGE,
          message: `at most ${MAX_GOVERNMENT_IDS} government ids`,
        },
      ]);
    }
    const violations: Violation[] = [];
    const items: GovernmentIdInput[] = [];
    for (const [index, item] of body.entries()) {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        violations.push({
          location: 'body',
          path: [index],
          code: ViolationCode.INVALID_FORMAT,
          message: 'each item must be a GovernmentId object',
        });
        continue;
      }
      const request = plainToInstance(GovernmentIdRequest, item);
      const errors = await validate(request, {
        whitelist: true,
        forbidNonWhitelisted: true,
        stopAtFirstError: true,
        validationError: { target: false, value: true },
      });
      if (errors.length) {
        violations.push(...toViolations(errors, 'body', [index]).map(withoutSecret));
        continue;
      }
      const duplicate = items.findIndex(
        (i) => i.type === request.type && i.governmentId === request.governmentId,
      );
      if (duplicate >= 0) {
        violations.push({
          location: 'body',
          path: [index],
          code: ViolationCode.INVALID_VALUE,
          message: `the same government id as item ${duplicate}`,
        });
      }
      items.push({ governmentId: request.governmentId, type: request.type });
    }
    if (violations.length) throw Errors.validation(violations);
    return items;
  }
}
