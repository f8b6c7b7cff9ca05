import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import type {
  StoreProductLookupRequest,
  StoreProductSearchRequest,
  StoreReservationRequest,
} from '@platform/contracts';
import {
  MAX_INVENTORY_QUANTITY,
  MAX_RESERVATION_SECONDS,
  MIN_RESERVATION_SECONDS,
} from '../inventory/inventory-rules';

/** Largest money amount a price filter takes (minor units): the JSON-safe integer range. */
const MAX_MINOR_UNITS = Number.MAX_SAFE_INTEGER;

export class StoreParams {
  @IsUUID()
  storeId!: string;
}

export class ReservationParams extends StoreParams {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  reference!: string;
}

/** POST /internal/v1/stores/{storeId}/shopping-products/search */
export class ProductSearchRequest implements StoreProductSearchRequest {
  @IsOptional()
  @IsString()
  @MaxLength(256)
  query?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(256, { each: true })
  categories?: string[];

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_MINOR_UNITS)
  priceMin?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_MINOR_UNITS)
  priceMax?: number;

  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  cursor?: string;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;
}

/** POST /internal/v1/stores/{storeId}/shopping-products/lookup */
export class ProductLookupRequest implements StoreProductLookupRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(64, { each: true })
  ids!: string[];
}

export class ReservationLine {
  @IsUUID()
  skuId!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_INVENTORY_QUANTITY)
  quantity!: number;
}

/** POST /internal/v1/stores/{storeId}/shopping-reservations */
export class ReservationRequest implements StoreReservationRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  reference!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => ReservationLine)
  lines!: ReservationLine[];

  @IsOptional()
  @IsInt()
  @Min(MIN_RESERVATION_SECONDS)
  @Max(MAX_RESERVATION_SECONDS)
  ttlSeconds?: number;
}
