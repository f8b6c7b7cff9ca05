import { ApiProperty } from '@nestjs/swagger';

export class CountryResponse {
  @ApiProperty({ example: '49', description: 'International calling code, digits only' })
  callingCode!: string;

  @ApiProperty({ example: 'DE', description: 'ISO 3166-1 alpha-2 code' })
  countryKey!: string;

  @ApiProperty({ example: 'Allemagne', description: "Name in the market's language" })
  label!: string;
}

export class StateResponse {
  @ApiProperty({ example: 'Bavière' })
  label!: string;

  @ApiProperty({ example: 'DE-BY', description: 'ISO 3166-2 code' })
  stateKey!: string;
}

export class CountryDetailResponse extends CountryResponse {
  @ApiProperty({ type: [StateResponse] })
  states!: StateResponse[];
}
