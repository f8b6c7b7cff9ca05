import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

/** Most lines one checkout or cart holds. */
export const MAX_LINES = 100;
/** Largest quantity of one line. */
export const MAX_QUANTITY = 10_000;

export class ItemRefRequest {
  @IsString()
  @Length(1, 200)
  id!: string;
}

export class LineItemRequest {
  /** Keeps a line's identity across updates (update view); ignored on create. */
  @IsOptional()
  @IsString()
  @Length(1, 64)
  id?: string;

  @ValidateNested()
  @Type(() => ItemRefRequest)
  item!: ItemRefRequest;

  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity!: number;
}

export class BuyerRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  first_name?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  last_name?: string;

  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone_number?: string;
}

export class ContextRequest {
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'address_country must be an ISO 3166-1 alpha-2 code' })
  address_country?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10)
  address_region?: string;

  @IsOptional()
  @IsString()
  @MaxLength(16)
  postal_code?: string;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  intent?: string;

  @IsOptional()
  @IsString()
  @MaxLength(35)
  language?: string;

  @IsOptional()
  @Matches(/^[A-Za-z]{3}$/, { message: 'currency must be an ISO 4217 code' })
  currency?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  eligibility?: string[];
}

export class DiscountsRequest {
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  codes!: string[];
}

export class CredentialRequest {
  @IsString()
  @Length(1, 64)
  type!: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  token?: string;
}

export class PaymentInstrumentRequest {
  @IsString()
  @Length(1, 128)
  id!: string;

  @IsString()
  @Length(1, 128)
  handler_id!: string;

  @IsString()
  @Length(1, 64)
  type!: string;

  @IsOptional()
  @IsBoolean()
  selected?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => CredentialRequest)
  credential?: CredentialRequest;

  @IsOptional()
  @IsObject()
  billing_address?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  display?: Record<string, unknown>;
}

export class PaymentRequest {
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => PaymentInstrumentRequest)
  instruments!: PaymentInstrumentRequest[];
}

/** Fields create and update share (checkout.json, `ucp_request` create/update views). */
export class CheckoutWritableRequest {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => LineItemRequest)
  line_items!: LineItemRequest[];

  @IsOptional()
  @ValidateNested()
  @Type(() => BuyerRequest)
  buyer?: BuyerRequest;

  @IsOptional()
  @ValidateNested()
  @Type(() => ContextRequest)
  context?: ContextRequest;

  @IsOptional()
  @ValidateNested()
  @Type(() => DiscountsRequest)
  discounts?: DiscountsRequest;

  @IsOptional()
  @ValidateNested()
  @Type(() => PaymentRequest)
  payment?: PaymentRequest;

  @IsOptional()
  @IsObject()
  signals?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  attribution?: Record<string, unknown>;
}

/** POST /checkout-sessions: the writable fields, and the cart it converts (cart.md). */
export class CreateCheckoutRequest extends CheckoutWritableRequest {
  @IsOptional()
  @IsString()
  @Length(1, 40)
  cart_id?: string;
}

/** PUT /checkout-sessions/{id}: a full replacement of the writable fields. */
export class UpdateCheckoutRequest extends CheckoutWritableRequest {}

/** POST /checkout-sessions/{id}/complete: the payment (required), signals and attribution. */
export class CompleteCheckoutRequest {
  @ValidateNested()
  @Type(() => PaymentRequest)
  payment!: PaymentRequest;

  @IsOptional()
  @IsObject()
  signals?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  attribution?: Record<string, unknown>;
}

/** POST …/cancel takes an empty object. */
export class CancelRequest {}

export class ResourceParams {
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'id must be 1 to 40 letters, digits, _ or -' })
  id!: string;

  @IsOptional()
  @IsString()
  storeId?: string;
}
