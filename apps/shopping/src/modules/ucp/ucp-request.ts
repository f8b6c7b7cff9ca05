import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** An optional free-form object (UCP `signals`, `attribution`, an instrument's `display`…). */
export function OptionalObject(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'object', additionalProperties: true }),
    IsOptional(),
    IsObject(),
  );
}

/** UCP `types/context.json`: the buyer's signals a business decides with (country, currency…). */
export class ContextRequest {
  @ApiPropertyOptional({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2', example: 'US' })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/, { message: 'address_country must be an ISO 3166-1 alpha-2 code' })
  address_country?: string;

  @ApiPropertyOptional({ maxLength: 10, example: 'CA' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  address_region?: string;

  @ApiPropertyOptional({ maxLength: 16 })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  postal_code?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  intent?: string;

  @ApiPropertyOptional({ maxLength: 35, example: 'en-US' })
  @IsOptional()
  @IsString()
  @MaxLength(35)
  language?: string;

  @ApiPropertyOptional({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217', example: 'USD' })
  @IsOptional()
  @Matches(/^[A-Za-z]{3}$/, { message: 'currency must be an ISO 4217 code' })
  currency?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 20 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  eligibility?: string[];
}

/** `signals` and `attribution`, which every UCP request may carry (types/signals.json, attribution.json). */
export class UcpSignalsRequest {
  @OptionalObject()
  signals?: Record<string, unknown>;

  @OptionalObject()
  attribution?: Record<string, unknown>;
}

/** A request with the buyer's `context` too (catalog requests, checkout and cart writes). */
export class UcpContextRequest extends UcpSignalsRequest {
  @ApiPropertyOptional({ type: () => ContextRequest })
  @IsOptional()
  @ValidateNested()
  @Type(() => ContextRequest)
  context?: ContextRequest;
}
