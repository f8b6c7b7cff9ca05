import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsDefined } from 'class-validator';
import type { CheckType } from './availability.service';
import { IsDomainName } from './domain-name.validator';

export const CHECK_TYPES: readonly CheckType[] = ['FAST', 'FULL'];

const upper = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.toUpperCase() : value;

export class CheckTypeQuery {
  @ApiPropertyOptional({
    enum: CHECK_TYPES,
    default: 'FAST',
    description: 'FAST may answer from the cache (definitive false); FULL always decides afresh',
  })
  @IsOptional()
  @Transform(upper)
  @IsIn(CHECK_TYPES, { message: 'checkType must be FAST or FULL' })
  checkType: CheckType = 'FAST';
}

export class CheckAvailabilityQuery extends CheckTypeQuery {
  @ApiProperty({ example: 'example.com', description: 'A domain name; case and a trailing dot are ignored' })
  @IsDefined({ message: 'domain is required' })
  @IsDomainName()
  domain!: string;
}
