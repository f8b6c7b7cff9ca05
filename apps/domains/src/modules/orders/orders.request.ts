import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateNested,
  IsDefined,
} from 'class-validator';
import { IsDomainName } from '../registry/domain-name.validator';
import { ConsentRequest, ContactRequest, ContactsRequest, OptionalContact } from './order-contacts.request';

/** Longest registration or renewal, years (and the furthest expiry: this many years from now). */
export const MAX_PERIOD_YEARS = 10;
export const MAX_NAME_SERVERS = 13;

/** `period`: whole years, 1 to 10. */
function PeriodYears(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: Number,
      minimum: 1,
      maximum: MAX_PERIOD_YEARS,
      default: 1,
      description: 'Years',
    }),
    IsOptional(),
    IsInt({ message: 'period must be an integer' }),
    Min(1, { message: `period must be 1 to ${MAX_PERIOD_YEARS}` }),
    Max(MAX_PERIOD_YEARS, { message: `period must be 1 to ${MAX_PERIOD_YEARS}` }),
  );
}

/** What a purchase and a transfer both carry: the consent and the registration's settings. */
class OrderTermsRequest extends ContactsRequest {
  @ApiProperty({ type: ConsentRequest })
  @IsDefined({ message: 'consent is required' })
  @IsObject({ message: 'consent must be an object' })
  @ValidateNested()
  @Type(() => ConsentRequest)
  consent!: ConsentRequest;

  @ApiPropertyOptional({ type: Boolean, default: true })
  @IsOptional()
  @IsBoolean({ message: 'renewAuto must be a boolean' })
  renewAuto = true;

  @ApiPropertyOptional({ type: Boolean, default: false })
  @IsOptional()
  @IsBoolean({ message: 'privacy must be a boolean' })
  privacy = false;
}

export class PurchaseRequest extends OrderTermsRequest {
  @ApiProperty({ example: 'my-new-shop.com' })
  @IsDefined({ message: 'domain is required' })
  @IsDomainName()
  domain!: string;

  @PeriodYears()
  period: number = 1;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_NAME_SERVERS,
    description: 'Host names; absent or empty: the registry default name servers',
  })
  @IsOptional()
  @IsArray({ message: 'nameServers must be an array' })
  @ArrayMaxSize(MAX_NAME_SERVERS, { message: `nameServers takes at most ${MAX_NAME_SERVERS} host names` })
  @ArrayUnique({ message: 'nameServers must not repeat a host name' })
  @IsDomainName({ each: true, message: 'each name server must be a host name such as ns1.example.net' })
  nameServers?: string[];

  @ApiProperty({ type: ContactRequest })
  @IsDefined({ message: 'contactRegistrant is required' })
  @IsObject({ message: 'contactRegistrant must be an object' })
  @ValidateNested()
  @Type(() => ContactRequest)
  contactRegistrant!: ContactRequest;
}

export class RenewRequest {
  @PeriodYears()
  period: number = 1;
}

export class TransferRequest extends OrderTermsRequest {
  @ApiProperty({
    minLength: 1,
    maxLength: 64,
    description: "The domain's auth code from its current registrar",
  })
  @IsDefined({ message: 'authCode is required' })
  @IsString({ message: 'authCode must be a string' })
  @Length(1, 64, { message: 'authCode must be 1 to 64 characters' })
  authCode!: string;

  @ApiPropertyOptional({ type: Number, enum: [1], default: 1, description: 'A transfer adds one year' })
  @IsOptional()
  @IsIn([1], { message: 'period of a transfer must be 1' })
  period: number = 1;

  @OptionalContact('contactRegistrant')
  contactRegistrant?: ContactRequest;
}

export class DomainParams {
  @ApiProperty({ example: 'my-new-shop.com' })
  @IsDefined({ message: 'domain is required' })
  @IsDomainName()
  domain!: string;
}

export class OrderParams {
  @ApiProperty({ format: 'uuid' })
  @IsDefined({ message: 'orderId is required' })
  @IsUUID('all', { message: 'orderId must be a uuid' })
  orderId!: string;
}
