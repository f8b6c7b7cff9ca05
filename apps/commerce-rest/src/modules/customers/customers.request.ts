import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PageQuery } from '../paging/paging.request';
import { isIsoCountry, isPersonName, isPhoneNumber } from './customer-formats';

/** Most e-mails, phones and addresses a customer may have (public counterpart: 10 each). */
export const MAX_CONTACT_POINTS = 10;

/*
 * Composite field rules, shared by create and PATCH. class-validator checks a property's rules in
 * the order they were registered (array order here; bottom-up for stacked decorators) and the
 * platform pipe stops at the first failure, so the type check comes first: 42 is INVALID_FORMAT,
 * "" is OUT_OF_RANGE, "R2-D2" is INVALID_FORMAT. IsDefined always runs before the others.
 */
function Text(min: number, max: number): PropertyDecorator {
  return applyDecorators(IsString(), Length(min, max));
}

function PersonName(): PropertyDecorator {
  return applyDecorators(
    IsString(),
    Length(1, 50),
    ValidateBy({
      name: 'isPersonName',
      validator: {
        validate: isPersonName,
        defaultMessage: (args) =>
          `${args?.property ?? 'name'} may hold letters, spaces, apostrophes, hyphens and periods, starting with a letter`,
      },
    }),
  );
}

function Email(): PropertyDecorator {
  return applyDecorators(
    IsString(),
    Length(3, 254),
    IsEmail({}, { message: 'email must be an e-mail address' }),
  );
}

function ContactList<T>(type: () => new () => T): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ArrayMaxSize(MAX_CONTACT_POINTS),
    ValidateNested({ each: true }),
    Type(type),
  );
}

export class CustomerEmailRequest {
  @ApiProperty({ format: 'email', minLength: 3, maxLength: 254, example: 'ada@example.com' })
  @IsDefined()
  @Email()
  email!: string;

  @ApiPropertyOptional({ maxLength: 64, example: 'work' })
  @IsOptional()
  @Text(1, 64)
  label?: string;

  @ApiPropertyOptional({ description: 'The primary e-mail; at most one per customer', default: false })
  @IsOptional()
  @IsBoolean()
  default?: boolean;
}

export class CustomerPhoneRequest {
  @ApiProperty({
    minLength: 4,
    maxLength: 17,
    example: '+14155552671',
    description: 'Digits with an optional leading "+"; international numbers are checked per country',
  })
  @IsDefined()
  @ValidateBy({
    name: 'isPhoneNumber',
    validator: {
      validate: isPhoneNumber,
      defaultMessage: () =>
        'phone must be 4 to 17 digits with an optional leading "+", and a valid number for its country',
    },
  })
  phone!: string;

  @ApiPropertyOptional({ maxLength: 64, example: 'mobile' })
  @IsOptional()
  @Text(1, 64)
  label?: string;

  @ApiPropertyOptional({ description: 'The primary phone; at most one per customer', default: false })
  @IsOptional()
  @IsBoolean()
  default?: boolean;
}

export class CustomerAddressRequest {
  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @Text(1, 300)
  address1?: string;

  @ApiPropertyOptional({ maxLength: 300 })
  @IsOptional()
  @Text(1, 300)
  address2?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Text(1, 100)
  city?: string;

  @ApiPropertyOptional({ maxLength: 100, description: 'State or province, ISO 3166-2 style ("CA")' })
  @IsOptional()
  @Text(1, 100)
  state?: string;

  @ApiPropertyOptional({ maxLength: 60 })
  @IsOptional()
  @Text(1, 60)
  postalCode?: string;

  @ApiPropertyOptional({ pattern: '^[A-Z]{2}$', example: 'US', description: 'ISO 3166-1 alpha-2' })
  @IsOptional()
  @ValidateBy({
    name: 'isIsoCountry',
    validator: {
      validate: isIsoCountry,
      defaultMessage: () => 'country must be an ISO 3166-1 alpha-2 code in upper case, such as US',
    },
  })
  country?: string;

  @ApiPropertyOptional({ maxLength: 64, example: 'home' })
  @IsOptional()
  @Text(1, 64)
  label?: string;
}

/** POST …/customers: the customer itself (the spec's synchronous create). */
export class CreateCustomerRequest {
  @ApiProperty({ minLength: 1, maxLength: 50, example: 'Ada' })
  @IsDefined()
  @PersonName()
  firstName!: string;

  @ApiProperty({ minLength: 1, maxLength: 50, example: 'Lovelace' })
  @IsDefined()
  @PersonName()
  lastName!: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Text(1, 100)
  organization?: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Text(1, 100)
  jobTitle?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @IsOptional()
  @Text(1, 50)
  nickname?: string;

  @ApiPropertyOptional({ maxLength: 128, description: "The customer's id in the caller's own system" })
  @IsOptional()
  @Text(1, 128)
  externalIdentifier?: string;

  @ApiPropertyOptional({ type: [CustomerEmailRequest], maxItems: MAX_CONTACT_POINTS })
  @IsOptional()
  @ContactList(() => CustomerEmailRequest)
  emails?: CustomerEmailRequest[];

  @ApiPropertyOptional({ type: [CustomerPhoneRequest], maxItems: MAX_CONTACT_POINTS })
  @IsOptional()
  @ContactList(() => CustomerPhoneRequest)
  phones?: CustomerPhoneRequest[];

  @ApiPropertyOptional({ type: [CustomerAddressRequest], maxItems: MAX_CONTACT_POINTS })
  @IsOptional()
  @ContactList(() => CustomerAddressRequest)
  addresses?: CustomerAddressRequest[];
}

/**
 * PATCH …/customers/{customerId}: a JSON merge patch (RFC 7386). A member present replaces the
 * stored value, null clears an optional member (arrays become empty), an absent member is left
 * alone; arrays are replaced whole. firstName and lastName cannot be cleared.
 */
export class PatchCustomerRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 50, description: 'Cannot be null' })
  @ValidateIf((o: PatchCustomerRequest) => o.firstName !== undefined)
  @IsDefined({ message: 'firstName cannot be cleared' })
  @PersonName()
  firstName?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 50, description: 'Cannot be null' })
  @ValidateIf((o: PatchCustomerRequest) => o.lastName !== undefined)
  @IsDefined({ message: 'lastName cannot be cleared' })
  @PersonName()
  lastName?: string;

  @ApiPropertyOptional({ maxLength: 100, nullable: true, description: 'null clears it' })
  @IsOptional()
  @Text(1, 100)
  organization?: string | null;

  @ApiPropertyOptional({ maxLength: 100, nullable: true, description: 'null clears it' })
  @IsOptional()
  @Text(1, 100)
  jobTitle?: string | null;

  @ApiPropertyOptional({ maxLength: 50, nullable: true, description: 'null clears it' })
  @IsOptional()
  @Text(1, 50)
  nickname?: string | null;

  @ApiPropertyOptional({ maxLength: 128, nullable: true, description: 'null clears it' })
  @IsOptional()
  @Text(1, 128)
  externalIdentifier?: string | null;

  @ApiPropertyOptional({
    type: [CustomerEmailRequest],
    maxItems: MAX_CONTACT_POINTS,
    nullable: true,
    description: 'Replaces the whole list; null or [] clears it',
  })
  @IsOptional()
  @ContactList(() => CustomerEmailRequest)
  emails?: CustomerEmailRequest[] | null;

  @ApiPropertyOptional({
    type: [CustomerPhoneRequest],
    maxItems: MAX_CONTACT_POINTS,
    nullable: true,
    description: 'Replaces the whole list; null or [] clears it',
  })
  @IsOptional()
  @ContactList(() => CustomerPhoneRequest)
  phones?: CustomerPhoneRequest[] | null;

  @ApiPropertyOptional({
    type: [CustomerAddressRequest],
    maxItems: MAX_CONTACT_POINTS,
    nullable: true,
    description: 'Replaces the whole list; null or [] clears it',
  })
  @IsOptional()
  @ContactList(() => CustomerAddressRequest)
  addresses?: CustomerAddressRequest[] | null;
}

export class StoreCustomersParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'storeId must be a uuid' })
  storeId!: string;
}

export class CustomerParams extends StoreCustomersParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'customerId must be a uuid' })
  customerId!: string;
}

/** GET …/customers: the spec's common paging parameters. */
export class CustomerListQuery extends PageQuery {}
