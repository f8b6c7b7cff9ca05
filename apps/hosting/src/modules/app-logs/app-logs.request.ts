import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { toBooleanParam, toIntegerParam } from '@platform/errors';
import { VARIANTS, type Variant } from '../apps/app-environment.entity';

export const LOG_SOURCES = ['STDOUT', 'STDERR', 'SYSTEM'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];
/** Least to most severe; `level` keeps lines at least this severe. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_LOGS_PAGE_SIZE = 100;
export const MAX_LOGS_PAGE_SIZE = 500;

/** ISO 8601 date and time to the second (fraction optional) with `Z` or a `±hh:mm` offset. */
export const SINCE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Enumerations are matched without regard to case (`preview`, `Stderr`); the canonical form is upper case. */
const upper = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.toUpperCase() : value;

const variantMessage = (name: string): string => `${name} must be PREVIEW or PUBLISH`;

/**
 * Query of GET /v1/hosting/apps/{appId}/logs and GET /v1/hosting/nodejs/apps/{appId}/logs (spec,
 * "GET logs query parameters"). `variant` wins over the deprecated `target` and `environment`
 * (`target` over `environment`); each one sent must be a valid value. Bounds of `since` that depend
 * on the clock are checked by AppLogsService.
 */
export class LogsQuery {
  @ApiPropertyOptional({ enum: VARIANTS, description: 'Canonical; default PREVIEW; any case' })
  @IsIn(VARIANTS, { message: variantMessage('variant') })
  @Transform(upper)
  @IsOptional()
  variant?: Variant;

  @ApiPropertyOptional({ enum: VARIANTS, deprecated: true, description: 'Use variant (which wins)' })
  @IsIn(VARIANTS, { message: variantMessage('target') })
  @Transform(upper)
  @IsOptional()
  target?: Variant;

  @ApiPropertyOptional({ enum: VARIANTS, deprecated: true, description: 'Use variant (which wins)' })
  @IsIn(VARIANTS, { message: variantMessage('environment') })
  @Transform(upper)
  @IsOptional()
  environment?: Variant;

  @ApiPropertyOptional({
    minLength: 20,
    maxLength: 64,
    example: '2026-01-01T12:00:00Z',
    description: 'ISO 8601 with Z or ±hh:mm; default 24 hours ago; at most 7 days back',
  })
  @Matches(SINCE_PATTERN, {
    message: 'since must be an ISO 8601 date-time with seconds and an offset (Z or ±hh:mm)',
  })
  @Length(20, 64, { message: 'since must be 20 to 64 characters' })
  @IsString({ message: 'since must be a string' })
  @IsOptional()
  since?: string;

  @ApiPropertyOptional({ enum: LOG_SOURCES, description: 'Only this stream; default all; any case' })
  @IsIn(LOG_SOURCES, { message: `source must be one of ${LOG_SOURCES.join(', ')}` })
  @Transform(upper)
  @IsOptional()
  source?: LogSource;

  @ApiPropertyOptional({
    enum: LOG_LEVELS,
    description: 'Minimum severity (DEBUG < INFO < WARN < ERROR); default all; any case',
  })
  @IsIn(LOG_LEVELS, { message: `level must be one of ${LOG_LEVELS.join(', ')}` })
  @Transform(upper)
  @IsOptional()
  level?: LogLevel;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_LOGS_PAGE_SIZE,
    default: DEFAULT_LOGS_PAGE_SIZE,
  })
  @Max(MAX_LOGS_PAGE_SIZE, { message: `pageSize must be between 1 and ${MAX_LOGS_PAGE_SIZE}` })
  @Min(1, { message: `pageSize must be between 1 and ${MAX_LOGS_PAGE_SIZE}` })
  @IsInt({ message: 'pageSize must be an integer' })
  @Transform(toIntegerParam)
  @IsOptional()
  pageSize: number = DEFAULT_LOGS_PAGE_SIZE;

  @ApiPropertyOptional({ description: 'Opaque; follow links[rel=next].href instead of building it' })
  @MaxLength(200, { message: 'pageToken is too long' })
  @IsString({ message: 'pageToken must be a string' })
  @IsOptional()
  pageToken?: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description:
      'true: answer as a live stream (text/event-stream), like Accept: text/event-stream: the history the filters select, then new lines as they come',
  })
  @IsBoolean({ message: 'follow must be true or false' })
  @Transform(toBooleanParam)
  @IsOptional()
  follow?: boolean;
}
