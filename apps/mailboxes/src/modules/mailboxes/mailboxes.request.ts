import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export const MAX_CONSENTS = 16;

export class ConsentRequest {
  @ApiProperty({ example: 'FREETRIAL_AUTORENEW', description: 'Consent type, 1 to 64 of A-Z, 0-9 and _' })
  @IsString({ message: 'type must be a string' })
  @Matches(/^[A-Z0-9_]{1,64}$/, { message: 'type must be 1 to 64 of A-Z, 0-9 and _' })
  type!: string;
}

export class CreateMailboxRequest {
  @ApiProperty({ format: 'email', maxLength: 254, example: 'jane@example.com' })
  @IsString({ message: 'emailAddress must be a string' })
  @MaxLength(254, { message: 'emailAddress must be at most 254 characters' })
  @IsEmail(
    { require_tld: true, allow_display_name: false, allow_ip_domain: false, allow_utf8_local_part: false },
    { message: 'emailAddress must be an e-mail address' },
  )
  emailAddress!: string;

  @ApiProperty({ format: 'uuid', description: "The caller's own account" })
  @IsUUID('all', { message: 'accountId must be a uuid' })
  accountId!: string;

  @ApiProperty({ minLength: 1, maxLength: 64 })
  @IsString({ message: 'firstName must be a string' })
  @Length(1, 64, { message: 'firstName must be 1 to 64 characters' })
  firstName!: string;

  @ApiProperty({ minLength: 1, maxLength: 64 })
  @IsString({ message: 'lastName must be a string' })
  @Length(1, 64, { message: 'lastName must be 1 to 64 characters' })
  lastName!: string;

  @ApiProperty({ type: [ConsentRequest], maxItems: MAX_CONSENTS })
  @IsArray({ message: 'consents must be an array' })
  @ArrayMaxSize(MAX_CONSENTS, { message: `consents takes at most ${MAX_CONSENTS} entries` })
  @ValidateNested({ each: true })
  @Type(() => ConsentRequest)
  consents!: ConsentRequest[];
}

export class MailboxParams {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'mailboxId must be a uuid' })
  mailboxId!: string;
}
