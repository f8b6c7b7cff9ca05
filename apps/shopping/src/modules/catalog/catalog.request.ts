import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { ContextRequest } from '../checkout/checkout.request';

/** Most products one search page holds (UCP: implementations MAY clamp). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

export class PriceFilterRequest {
  @IsOptional()
  @IsInt()
  @Min(0)
  min?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  max?: number;
}

export class SearchFiltersRequest {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 200, { each: true })
  categories?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => PriceFilterRequest)
  price?: PriceFilterRequest;
}

export class PaginationRequest {
  @IsOptional()
  @IsString()
  @Length(1, 512)
  cursor?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;
}

class CatalogRequestBase {
  @IsOptional()
  @ValidateNested()
  @Type(() => ContextRequest)
  context?: ContextRequest;

  @IsOptional()
  @IsObject()
  signals?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  attribution?: Record<string, unknown>;
}

/** POST /catalog/search (catalog_search.json#/$defs/search_request, plus GoDaddy's `domains`). */
export class SearchRequest extends CatalogRequestBase {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  query?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => SearchFiltersRequest)
  filters?: SearchFiltersRequest;

  @IsOptional()
  @ValidateNested()
  @Type(() => PaginationRequest)
  pagination?: PaginationRequest;

  /** The platform's domain search: 1 to 100 names of at most 253 characters. */
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 253, { each: true })
  domains?: string[];
}

/** POST /catalog/lookup (lookup_request): product or variant ids. */
export class LookupRequest extends CatalogRequestBase {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Length(1, 200, { each: true })
  ids!: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => SearchFiltersRequest)
  filters?: SearchFiltersRequest;
}

/** POST /catalog/product (get_product_request). */
export class ProductRequest extends CatalogRequestBase {
  @IsString()
  @Length(1, 200)
  id!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  selected?: Record<string, unknown>[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  preferences?: string[];

  @IsOptional()
  @ValidateNested()
  @Type(() => SearchFiltersRequest)
  filters?: SearchFiltersRequest;
}
