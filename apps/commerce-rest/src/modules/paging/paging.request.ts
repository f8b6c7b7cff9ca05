import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { toBooleanParam, toIntegerParam } from '@platform/errors';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** The spec's common paging defaults (Commerce REST: pageSize 10, page 1, totalRequired false). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/*
 * class-validator runs a property's decorators bottom-up and (with the platform pipe's
 * stopAtFirstError) reports the first failure: the type check sits nearest the property, so
 * "abc" is INVALID_FORMAT rather than OUT_OF_RANGE.
 */

/**
 * The spec's common paging parameters. A list query DTO extends this class; the defaults apply
 * when a parameter is absent. `pageToken` is optional: the `next` link carries one so a client
 * that follows links is paged by key (no OFFSET scan); see docs/commerce-channels-customers.md.
 */
export class PageQuery {
  @ApiPropertyOptional({ description: 'Page number, from 1', default: DEFAULT_PAGE, minimum: 1 })
  @Min(1, { message: 'page must be at least 1' })
  @IsInt({ message: 'page must be an integer' })
  @Transform(toIntegerParam)
  @IsOptional()
  page: number = DEFAULT_PAGE;

  @ApiPropertyOptional({
    description: 'Items per page',
    default: DEFAULT_PAGE_SIZE,
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
  })
  @Max(MAX_PAGE_SIZE, { message: `pageSize must be between 1 and ${MAX_PAGE_SIZE}` })
  @Min(1, { message: `pageSize must be between 1 and ${MAX_PAGE_SIZE}` })
  @IsInt({ message: 'pageSize must be an integer' })
  @Transform(toIntegerParam)
  @IsOptional()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'When true, the response carries totalItems and totalPages',
    default: false,
  })
  @IsBoolean({ message: 'totalRequired must be true or false' })
  @Transform(toBooleanParam)
  @IsOptional()
  totalRequired = false;

  @ApiPropertyOptional({
    description:
      'Opaque position from a `next` link; pages by key instead of by offset. Only valid with the page it was issued for.',
  })
  @MaxLength(512)
  @IsString()
  @IsOptional()
  pageToken?: string;
}
