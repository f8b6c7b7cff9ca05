import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export class TaxEstimatesParams {
  @IsUUID()
  storeId!: string;
}

class EstimateAddress {
  @Matches(/^[A-Za-z]{2}$/)
  countryCode!: string;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  regionCode?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  postalCode?: string | null;
}

class EstimateMoney {
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  value!: number;

  @Matches(/^[A-Z]{3}$/)
  currencyCode!: string;
}

class EstimateLine {
  @IsString()
  @MaxLength(64)
  id!: string;

  @ValidateNested()
  @Type(() => EstimateMoney)
  amount!: EstimateMoney;

  @IsInt()
  @Min(1)
  @Max(1_000_000)
  quantity!: number;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  skuId?: string | null;
}

/** POST /internal/v1/stores/{storeId}/tax-estimates: the estimateTaxes input, for the order storefront. */
export class TaxEstimatesRequest {
  @ValidateNested()
  @Type(() => EstimateAddress)
  address!: EstimateAddress;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(250)
  @ValidateNested({ each: true })
  @Type(() => EstimateLine)
  lines!: EstimateLine[];

  @IsOptional()
  @IsBoolean()
  taxExempt?: boolean;
}
