import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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
import { OptionalObject, UcpContextRequest, UcpSignalsRequest } from '../ucp/ucp-request';

export class ItemRefRequest {
  @ApiProperty({
    minLength: 1,
    maxLength: 200,
    example: 'web-hosting-3',
    description: 'A variant id of the business (domain:<name>:<n>y, web-hosting-<slots>, a store SKU id)',
  })
  @IsString()
  @Length(1, 200)
  id!: string;
}

export class LineItemRequest {
  /** Keeps a line's identity across updates (update view); ignored on create. */
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 64,
    description: 'The line id an earlier answer gave (update); ignored on create',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  id?: string;

  @ApiProperty({ type: () => ItemRefRequest })
  @IsObject()
  @ValidateNested()
  @Type(() => ItemRefRequest)
  item!: ItemRefRequest;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_QUANTITY, example: 1 })
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity!: number;
}

export class BuyerRequest {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  first_name?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  last_name?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: 254 })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ maxLength: 32 })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone_number?: string;
}

export class DiscountsRequest {
  @ApiProperty({ type: [String], maxItems: 10, description: 'Discount codes, 1 to 64 characters each' })
  @IsArray()
  @ArrayMaxSize(10)
  @IsString({ each: true })
  @Length(1, 64, { each: true })
  codes!: string[];
}

export class CredentialRequest {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'token' })
  @IsString()
  @Length(1, 64)
  type!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 256, example: 'success_token' })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  token?: string;
}

export class PaymentInstrumentRequest {
  @ApiProperty({ minLength: 1, maxLength: 128 })
  @IsString()
  @Length(1, 128)
  id!: string;

  @ApiProperty({ minLength: 1, maxLength: 128, example: 'payment_profile' })
  @IsString()
  @Length(1, 128)
  handler_id!: string;

  @ApiProperty({ minLength: 1, maxLength: 64, example: 'payment_profile' })
  @IsString()
  @Length(1, 64)
  type!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  selected?: boolean;

  @ApiPropertyOptional({ type: () => CredentialRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => CredentialRequest)
  credential?: CredentialRequest;

  @OptionalObject()
  billing_address?: Record<string, unknown>;

  @OptionalObject()
  display?: Record<string, unknown>;
}

export class PaymentRequest {
  @ApiProperty({ type: () => [PaymentInstrumentRequest], maxItems: 5 })
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => PaymentInstrumentRequest)
  instruments!: PaymentInstrumentRequest[];
}

/** Fields create and update share (checkout.json, `ucp_request` create/update views). */
export class CheckoutWritableRequest extends UcpContextRequest {
  @ApiProperty({ type: () => [LineItemRequest], minItems: 1, maxItems: MAX_LINES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_LINES)
  @ValidateNested({ each: true })
  @Type(() => LineItemRequest)
  line_items!: LineItemRequest[];

  @ApiPropertyOptional({ type: () => BuyerRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => BuyerRequest)
  buyer?: BuyerRequest;

  @ApiPropertyOptional({ type: () => DiscountsRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => DiscountsRequest)
  discounts?: DiscountsRequest;

  @ApiPropertyOptional({ type: () => PaymentRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => PaymentRequest)
  payment?: PaymentRequest;
}

/** POST /checkout-sessions: the writable fields, and the cart it converts (cart.md). */
export class CreateCheckoutRequest extends CheckoutWritableRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 40, description: 'A live cart of the caller to convert' })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  cart_id?: string;
}

/** PUT /checkout-sessions/{id}: a full replacement of the writable fields. */
export class UpdateCheckoutRequest extends CheckoutWritableRequest {}

/** POST /checkout-sessions/{id}/complete: the payment (required), signals and attribution. */
export class CompleteCheckoutRequest extends UcpSignalsRequest {
  @ApiProperty({ type: () => PaymentRequest })
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentRequest)
  payment!: PaymentRequest;
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
