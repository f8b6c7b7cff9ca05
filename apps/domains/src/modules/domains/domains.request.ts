import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toIntegerParam } from '@platform/errors';
import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsDomainName } from '../registry/domain-name.validator';
import { DOMAIN_STATUSES, DomainStatus } from './domain.entity';

/** GET /v1/domains `limit`: the public counterpart's bounds (1..1000); 100 when absent. */
export const DOMAIN_LIST_MAX_LIMIT = 1000;
export const DOMAIN_LIST_DEFAULT_LIMIT = 100;

/** What `includes` may add to each listed domain (the public counterpart's values). */
export const DOMAIN_INCLUDES = ['authCode', 'contacts', 'nameServers'] as const;
export type DomainInclude = (typeof DOMAIN_INCLUDES)[number];

/**
 * A list parameter as clients send it: `a,b`, `x=a&x=b`, or both. Fastify's parser hands a
 * repeated parameter over as an array and leaves `x[]` under its own key (hence the bracket twins
 * below); each value is split on commas and trimmed.
 */
function commaList({ value }: { value: unknown }): unknown {
  if (value === undefined) return undefined;
  return (Array.isArray(value) ? value : [value]).flatMap((v: unknown) =>
    typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [v],
  );
}

/** A list parameter whose values must be among `values` (at most four mentions of each). */
function ListOf(name: string, values: readonly string[]): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(commaList),
    IsArray(),
    ArrayMaxSize(values.length * 4, { message: `${name} repeats its values too often` }),
    IsIn(values, { each: true, message: `${name} must be among ${values.join(', ')}` }),
  );
}

export class DomainListQuery {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: DOMAIN_LIST_MAX_LIMIT,
    default: DOMAIN_LIST_DEFAULT_LIMIT,
    description: 'Most domains in the page; a shorter page is the last one',
  })
  @IsOptional()
  @Transform(toIntegerParam)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: `limit must be 1 to ${DOMAIN_LIST_MAX_LIMIT}` })
  @Max(DOMAIN_LIST_MAX_LIMIT, { message: `limit must be 1 to ${DOMAIN_LIST_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({
    type: String,
    example: 'example.com',
    description:
      'The `domain` of the last item of the previous page; the page starts after it. ' +
      'Not a domain name: 400 INVALID_MARKER, restart from the first page',
  })
  // Checked by the service, which answers INVALID_MARKER rather than the pipe's INVALID_FORMAT.
  @Allow()
  marker?: unknown;

  @ApiPropertyOptional({
    type: [String],
    enum: DOMAIN_STATUSES,
    description: 'Only domains in these statuses (comma-separated and/or repeated)',
  })
  @ListOf('statuses', DOMAIN_STATUSES)
  statuses?: DomainStatus[];

  @ApiPropertyOptional({ type: [String], enum: DOMAIN_STATUSES, description: 'The same as statuses' })
  @ListOf('statuses', DOMAIN_STATUSES)
  'statuses[]'?: DomainStatus[];

  @ApiPropertyOptional({
    type: [String],
    enum: DOMAIN_INCLUDES,
    description: 'Fields to add to each item (comma-separated and/or repeated)',
  })
  @ListOf('includes', DOMAIN_INCLUDES)
  includes?: DomainInclude[];

  @ApiPropertyOptional({ type: [String], enum: DOMAIN_INCLUDES, description: 'The same as includes' })
  @ListOf('includes', DOMAIN_INCLUDES)
  'includes[]'?: DomainInclude[];
}

export class DomainParams {
  @ApiProperty({ example: 'example.com', description: 'A domain name (case and a trailing dot ignored)' })
  @IsDomainName()
  domain!: string;
}
