import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AvailabilityResponse {
  @ApiProperty({ example: 'example.com' }) domain!: string;
  @ApiProperty() available!: boolean;
  @ApiProperty({ description: 'False when the answer came from the availability cache' })
  definitive!: boolean;
  @ApiProperty({ description: 'Price of `period` years in micro-units of currency', example: 11990000 })
  price!: number;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ description: 'Years the price is for', example: 1 }) period!: number;
}

export class AvailabilityErrorResponse {
  @ApiProperty({ example: 'UNSUPPORTED_TLD', enum: ['INVALID_FORMAT', 'UNSUPPORTED_TLD'] }) code!: string;
  @ApiProperty({ example: 'example.xyz' }) domain!: string;
  @ApiProperty({ example: '[3]', description: 'Index of the name in the request array' }) path!: string;
  @ApiProperty({ example: 422, description: 'The status the name alone would have answered' })
  status!: number;
  @ApiProperty() message!: string;
}

export class BulkAvailabilityResponse {
  @ApiProperty({ type: [AvailabilityResponse] }) domains!: AvailabilityResponse[];
  @ApiPropertyOptional({
    type: [AvailabilityErrorResponse],
    description: 'Only on 203: one entry per malformed or unsupported name',
  })
  errors?: AvailabilityErrorResponse[];
}
