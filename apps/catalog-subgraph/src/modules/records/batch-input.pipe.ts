import { BadRequestException, PipeTransform, Type } from '@nestjs/common';
import { InputValidationPipe, SubgraphErrors } from '@platform/graphql-subgraph';

/** Most records one batch create writes. */
export const MAX_BATCH_CREATE = 100;

/** Validates a batch create's list argument: 1 to MAX_BATCH_CREATE items, each by the input class's rules. */
export class BatchInputPipe implements PipeTransform {
  private readonly item: InputValidationPipe;

  constructor(type: Type<unknown>) {
    this.item = new InputValidationPipe(type);
  }

  async transform(value: unknown): Promise<unknown> {
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BATCH_CREATE) {
      throw SubgraphErrors.badField(
        ['input'],
        'INVALID_VALUE',
        `input must hold 1 to ${MAX_BATCH_CREATE} records`,
      );
    }
    const out: unknown[] = [];
    for (const [i, element] of value.entries()) {
      try {
        out.push(await this.item.transform(element));
      } catch (error) {
        if (error instanceof BadRequestException) throw error;
        throw Object.assign(error as object, { message: `input[${i}]: ${(error as Error).message}` });
      }
    }
    return out;
  }
}
