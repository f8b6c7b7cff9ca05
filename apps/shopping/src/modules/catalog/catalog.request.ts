import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { UcpContextRequest } from '../ucp/ucp-request';

/** Most products one search page holds (UCP: implementations MAY clamp). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

export class PriceFilterRequest {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Minor units' })
  @IsOptional()
  @IsInt()
  @Min(0)
  min?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Minor units' })
  @IsOptional()
  @IsInt()
  @Min(0)
  max?: number;
}

export class SearchFiltersRequest {
  @ApiPropertyOptional({ type: [String], maxItems: 20 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 200, { each: true })
  categories?: string[];

  @ApiPropertyOptional({ type: () => PriceFilterRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => PriceFilterRequest)
  price?: PriceFilterRequest;
}

export class PaginationRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 512, description: 'The next_cursor of the previous page' })
  @IsOptional()
  @IsString()
  @Length(1, 512)
  cursor?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

/** POST /catalog/search (catalog_search.json#/$defs/search_request, plus GoDaddy's `domains`). */
export class SearchRequest extends UcpContextRequest {
  @ApiPropertyOptional({ maxLength: 500, example: 'roses' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  query?: string;

  @ApiPropertyOptional({ type: () => SearchFiltersRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => SearchFiltersRequest)
  filters?: SearchFiltersRequest;

  @ApiPropertyOptional({ type: () => PaginationRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => PaginationRequest)
  pagination?: PaginationRequest;

  /** The platform's domain search: 1 to 100 names of at most 253 characters. */
  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: 100,
    description: 'The platform only: domain names to price, 1 to 253 characters each',
    example: ['example.com'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 253, { each: true })
  domains?: string[];
}

/** POST /catalog/lookup (lookup_request): product or variant ids. */
export class LookupRequest extends UcpContextRequest {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: 100,
    description: 'Product or variant ids, 1 to 200 characters each',
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 200, { each: true })
  ids!: string[];

  @ApiPropertyOptional({ type: () => SearchFiltersRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => SearchFiltersRequest)
  filters?: SearchFiltersRequest;
}

/** POST /catalog/product (get_product_request). */
export class ProductRequest extends UcpContextRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'web-hosting' })
  @IsString()
  @Length(1, 200)
  id!: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true }, maxItems: 10 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  selected?: Record<string, unknown>[];

  @ApiPropertyOptional({ type: [String], maxItems: 10 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  preferences?: string[];

  @ApiPropertyOptional({ type: () => SearchFiltersRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => SearchFiltersRequest)
  filters?: SearchFiltersRequest;
}
