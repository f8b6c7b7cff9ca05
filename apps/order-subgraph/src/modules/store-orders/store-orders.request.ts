import type { StoreOrderAddress, StoreOrderQuoteRequest, StorePaidOrderRequest } from '@platform/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { MAX_AMOUNT, MAX_LINE_ITEMS, MAX_QUANTITY } from '../order-model/order-rules';

export class StoreOrdersParams {
  @IsUUID()
  storeId!: string;
}

class StoreOrderLineBody {
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  skuId!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity!: number;
}

/** The limits are the tax subgraph's estimate's (regionCode, postalCode) and the order's contact's. */
class StoreOrderAddressBody implements StoreOrderAddress {
  @Matches(/^[A-Z]{2}$/, { message: 'countryCode must be two upper-case letters (ISO 3166-1 alpha-2)' })
  countryCode!: string;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  regionCode?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(20)
  postalCode?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  locality?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  line1?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(300)
  line2?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  firstName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone?: string | null;
}

/** POST /internal/v1/stores/{storeId}/order-quotes (StoreOrderQuoteRequest). */
export class StoreOrderQuoteBody implements StoreOrderQuoteRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => StoreOrderLineBody)
  lines!: StoreOrderLineBody[];

  /** As applyDiscountCodes takes them. */
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(64, { each: true })
  discountCodes!: string[];

  /** Null or absent: no tax. */
  @IsOptional()
  @ValidateNested()
  @Type(() => StoreOrderAddressBody)
  shippingAddress!: StoreOrderAddressBody | null;
}

class StoreBuyerBody {
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  firstName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastName?: string | null;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone?: string | null;
}

/** The limits are the payment ledger's and the commerce transaction contract's. */
class StorePaymentBody {
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  method!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(64)
  transactionReference!: string;
}

/** POST /internal/v1/stores/{storeId}/paid-orders (StorePaidOrderRequest). */
export class StorePaidOrderBody extends StoreOrderQuoteBody implements StorePaidOrderRequest {
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  reference!: string;

  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  expectedTotal!: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => StoreBuyerBody)
  buyer!: StoreBuyerBody | null;

  @IsDefined()
  @ValidateNested()
  @Type(() => StorePaymentBody)
  payment!: StorePaymentBody;
}
