import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';

export class SkuPricesParams {
  @IsUUID()
  storeId!: string;
}

/** POST /internal/v1/stores/{storeId}/sku-prices: the SKUs a cart needs priced. */
export class SkuPricesRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(250)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(64, { each: true })
  skuIds!: string[];
}
