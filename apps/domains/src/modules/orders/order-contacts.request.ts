import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIP,
  IsISO31661Alpha2,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
  IsDefined,
} from 'class-validator';

/** `+<country code>.<number>`, as the public counterpart writes phone numbers (+1.4805058800). */
const PHONE = /^\+\d{1,3}\.\d{4,14}$/;

export class ConsentRequest {
  @ApiProperty({
    type: [String],
    example: ['DNRA'],
    description: "Must include 'DNRA' (the registration agreement)",
  })
  @IsDefined({ message: 'agreementKeys is required' })
  @IsArray({ message: 'agreementKeys must be an array' })
  @ArrayMinSize(1, { message: 'agreementKeys takes 1 to 16 keys' })
  @ArrayMaxSize(16, { message: 'agreementKeys takes 1 to 16 keys' })
  @IsString({ each: true, message: 'each agreement key must be a string' })
  @Length(1, 64, { each: true, message: 'each agreement key must be 1 to 64 characters' })
  agreementKeys!: string[];

  @ApiProperty({ example: '203.0.113.7', description: 'IP address of the person who agreed' })
  @IsDefined({ message: 'agreedBy is required' })
  @IsIP(undefined, { message: 'agreedBy must be an IP address' })
  agreedBy!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-27T10:00:00Z' })
  @IsDefined({ message: 'agreedAt is required' })
  @IsISO8601({ strict: true }, { message: 'agreedAt must be an ISO 8601 date-time' })
  agreedAt!: string;
}

export class AddressRequest {
  @ApiProperty({ maxLength: 100 })
  @IsDefined({ message: 'address1 is required' })
  @IsString({ message: 'address1 must be a string' })
  @Length(1, 100, { message: 'address1 must be 1 to 100 characters' })
  address1!: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'address2 must be a string' })
  @MaxLength(100, { message: 'address2 must be at most 100 characters' })
  address2?: string;

  @ApiProperty({ maxLength: 60 })
  @IsDefined({ message: 'city is required' })
  @IsString({ message: 'city must be a string' })
  @Length(1, 60, { message: 'city must be 1 to 60 characters' })
  city!: string;

  @ApiProperty({ maxLength: 60 })
  @IsDefined({ message: 'state is required' })
  @IsString({ message: 'state must be a string' })
  @Length(1, 60, { message: 'state must be 1 to 60 characters' })
  state!: string;

  @ApiProperty({ maxLength: 20 })
  @IsDefined({ message: 'postalCode is required' })
  @IsString({ message: 'postalCode must be a string' })
  @Length(1, 20, { message: 'postalCode must be 1 to 20 characters' })
  postalCode!: string;

  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2' })
  @IsDefined({ message: 'country is required' })
  @IsISO31661Alpha2({ message: 'country must be an ISO 3166-1 alpha-2 code' })
  country!: string;
}

export class ContactRequest {
  @ApiProperty({ maxLength: 64 })
  @IsDefined({ message: 'nameFirst is required' })
  @IsString({ message: 'nameFirst must be a string' })
  @Length(1, 64, { message: 'nameFirst must be 1 to 64 characters' })
  nameFirst!: string;

  @ApiProperty({ maxLength: 64 })
  @IsDefined({ message: 'nameLast is required' })
  @IsString({ message: 'nameLast must be a string' })
  @Length(1, 64, { message: 'nameLast must be 1 to 64 characters' })
  nameLast!: string;

  @ApiProperty({ format: 'email', maxLength: 254 })
  @IsDefined({ message: 'email is required' })
  @IsString({ message: 'email must be a string' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  @IsEmail({ require_tld: true, allow_display_name: false }, { message: 'email must be an e-mail address' })
  email!: string;

  @ApiProperty({ example: '+1.4805058800', description: '+<country code>.<number>' })
  @IsDefined({ message: 'phone is required' })
  @IsString({ message: 'phone must be a string' })
  @Matches(PHONE, { message: 'phone must look like +1.4805058800' })
  phone!: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString({ message: 'organization must be a string' })
  @MaxLength(100, { message: 'organization must be at most 100 characters' })
  organization?: string;

  @ApiProperty({ type: AddressRequest })
  @IsDefined({ message: 'addressMailing is required' })
  @IsObject({ message: 'addressMailing must be an object' })
  @ValidateNested()
  @Type(() => AddressRequest)
  addressMailing!: AddressRequest;
}

/** An optional contact of the registration, `field` naming it in the error messages. */
export function OptionalContact(field: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: ContactRequest }),
    IsOptional(),
    IsObject({ message: `${field} must be an object` }),
    ValidateNested(),
    Type(() => ContactRequest),
  );
}

/** The contacts besides the registrant; each defaults to the registrant. */
export class ContactsRequest {
  @OptionalContact('contactAdmin')
  contactAdmin?: ContactRequest;

  @OptionalContact('contactTech')
  contactTech?: ContactRequest;

  @OptionalContact('contactBilling')
  contactBilling?: ContactRequest;
}
