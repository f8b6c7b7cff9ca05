import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { StoreIdParams } from '../stores.request';
import { MAX_ATTRIBUTE_TTL_S, MAX_ATTRIBUTE_VALUE_LENGTH } from './store-attributes.service';

export class StoreAttributeParams extends StoreIdParams {
  @ApiProperty({ description: "a key of the store's attribute allow-list", example: 'color' })
  @IsString()
  attrName!: string;
}

/** Spec: Attribute update request. */
export class AttributeUpdateRequest {
  @ApiProperty({ maxLength: MAX_ATTRIBUTE_VALUE_LENGTH, description: 'the value; always a string' })
  // class-validator checks the decorator nearest the property first: the type, then its length.
  @IsDefined({ message: 'value is required' })
  @MaxLength(MAX_ATTRIBUTE_VALUE_LENGTH)
  @IsString()
  value!: string;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_ATTRIBUTE_TTL_S,
    description: 'seconds until an ephemeral attribute expires; without it the attribute persists',
  })
  @IsOptional()
  @Max(MAX_ATTRIBUTE_TTL_S)
  @Min(1)
  @IsInt()
  ttl?: number;
}
