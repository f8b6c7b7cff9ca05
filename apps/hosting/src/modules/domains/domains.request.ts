import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AppParams } from '../apps/apps.request';
import { VARIANTS } from '../runtime';
import type { Variant } from '../runtime';

/** Longer than any DNS name: the service checks the name itself (domain-hostname.ts). */
const HOSTNAME_INPUT_MAX = 300;

export class AttachDomainRequest {
  @ApiProperty({
    maxLength: 253,
    example: 'shop.example.com',
    description:
      'A DNS name of two labels or more (case and one trailing dot ignored), no wildcard, no IP address, ' +
      "not one of the platform's own host names",
  })
  @MaxLength(HOSTNAME_INPUT_MAX, { message: 'hostname must be at most 253 characters' })
  @IsString({ message: 'hostname must be a string' })
  @IsNotEmpty({ message: 'hostname is required' })
  hostname!: string;

  @ApiProperty({ enum: VARIANTS, description: 'The variant the domain serves' })
  @IsIn(VARIANTS, { message: `variant must be one of ${VARIANTS.join(', ')}` })
  @IsNotEmpty({ message: 'variant is required' })
  variant!: Variant;
}

export class DomainParams extends AppParams {
  @ApiProperty({ example: 'shop.example.com' })
  @MaxLength(HOSTNAME_INPUT_MAX, { message: 'hostname is too long' })
  @IsString()
  hostname!: string;
}

/** POST …/verify takes no fields: an empty body or `{}`. */
export class VerifyDomainRequest {}
