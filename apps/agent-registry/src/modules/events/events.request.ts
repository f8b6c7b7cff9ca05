import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { toIntegerParam } from '@platform/errors';

/** Spec, Limits: "Agent events: limit 1 to 200, default 100". */
export const DEFAULT_EVENTS_LIMIT = 100;
export const MAX_EVENTS_LIMIT = 200;

/** The largest logId: Postgres bigint. A larger cursor would fail in SQL, so it is refused here. */
export const MAX_LOG_ID = 9223372036854775807n;

@ValidatorConstraint({ name: 'max' })
class AtMostMaxLogId implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && BigInt(value) <= MAX_LOG_ID;
  }

  defaultMessage(): string {
    return `lastLogId must be at most ${MAX_LOG_ID}`;
  }
}

/*
 * class-validator runs a property's decorators bottom-up and, with the platform pipe's
 * stopAtFirstError, reports the first failure: the type check sits nearest the property, so "abc"
 * is INVALID_FORMAT and "0" or "201" is OUT_OF_RANGE.
 */

/** GET /v1/agents/events query (spec "Agent registry" endpoints; "Events"). */
export class AgentEventsQuery {
  @ApiPropertyOptional({
    description: 'Only the events of this provider; omitted, the global stream of every provider',
    minLength: 1,
    maxLength: 128,
  })
  @Length(1, 128, { message: 'providerId must be 1 to 128 characters' })
  @IsString({ message: 'providerId must be a string' })
  @IsOptional()
  providerId?: string;

  @ApiPropertyOptional({
    description:
      'The lastLogId of the previous answer; the page starts after it. Omitted, the feed starts at the beginning of the stream.',
    pattern: '^[0-9]{1,19}$',
    example: '1042',
  })
  @Validate(AtMostMaxLogId)
  @Matches(/^[0-9]{1,19}$/, { message: 'lastLogId must be a decimal logId of 1 to 19 digits' })
  @IsString({ message: 'lastLogId must be a string' })
  @IsOptional()
  lastLogId?: string;

  @ApiPropertyOptional({
    description: 'Events per page',
    type: 'integer',
    default: DEFAULT_EVENTS_LIMIT,
    minimum: 1,
    maximum: MAX_EVENTS_LIMIT,
  })
  @Max(MAX_EVENTS_LIMIT, { message: `limit must be between 1 and ${MAX_EVENTS_LIMIT}` })
  @Min(1, { message: `limit must be between 1 and ${MAX_EVENTS_LIMIT}` })
  @IsInt({ message: 'limit must be an integer' })
  @Transform(toIntegerParam)
  @IsOptional()
  limit: number = DEFAULT_EVENTS_LIMIT;
}
