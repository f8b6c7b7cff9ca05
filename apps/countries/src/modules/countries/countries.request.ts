import { ApiProperty } from '@nestjs/swagger';
import {
  IsDefined,
  IsString,
  Matches,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { parseMarketId } from './market-id';

@ValidatorConstraint({ name: 'isBcp47' })
class IsBcp47Tag implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return parseMarketId(value).ok;
  }

  defaultMessage(): string {
    return 'marketId must be a well-formed BCP 47 language tag such as fr-FR';
  }
}

export class MarketQuery {
  @ApiProperty({
    description: 'Market as a BCP 47 language tag; labels are localized to its language',
    example: 'fr-FR',
  })
  @IsDefined({ message: 'marketId is required' })
  @IsString()
  @Validate(IsBcp47Tag)
  marketId!: string;
}

export class CountryKeyParams {
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 country code', example: 'DE' })
  @Matches(/^[A-Za-z]{2}$/, { message: 'countryKey must be an ISO 3166-1 alpha-2 code' })
  countryKey!: string;
}
