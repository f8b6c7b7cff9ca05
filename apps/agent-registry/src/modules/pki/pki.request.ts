import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const CRL_FORMATS = ['der', 'pem'] as const;
export type CrlFormat = (typeof CRL_FORMATS)[number];

export class CrlQuery {
  @ApiPropertyOptional({
    enum: CRL_FORMATS,
    default: 'der',
    description: 'der: application/pkix-crl (RFC 5280 §4.2.1.13); pem: -----BEGIN X509 CRL-----',
  })
  @IsOptional()
  @IsIn(CRL_FORMATS, { message: 'format must be der or pem' })
  format?: CrlFormat;
}
