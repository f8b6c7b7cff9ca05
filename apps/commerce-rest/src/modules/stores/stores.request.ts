import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, TransformFnParams } from 'class-transformer';
import { IsOptional, IsString, IsUUID } from 'class-validator';
import { STORE_JOINS } from './store-joins';

export class StoreIdParams {
  @ApiProperty({ format: 'uuid', description: 'Store id' })
  @IsUUID('all', { message: 'storeId must be a uuid' })
  storeId!: string;
}

/** A query parameter given once (`a`) or repeated (`a&…`) as a list of strings. */
function toList({ value }: TransformFnParams): unknown {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value : [value];
}

const JOIN_LIST = STORE_JOINS.join(', ');

/**
 * GET store's optional joins, in both spellings /v1 accepts: `includeFields=a,b` (the target v2
 * spelling) and `includeField=a&includeField=b` (the live v1 gateway's). Values are checked by
 * parseStoreJoins, which answers one detail per unknown value.
 */
export class GetStoreQuery {
  @ApiPropertyOptional({
    description: `Comma-separated optional joins (target v2 spelling), additive to the default field set: ${JOIN_LIST}`,
    type: String,
    example: 'phone,address',
  })
  @IsOptional()
  @Transform(toList)
  @IsString({ each: true })
  includeFields?: string[];

  @ApiPropertyOptional({
    description: `One optional join per occurrence, repeatable (live v1 spelling): ${JOIN_LIST}`,
    type: [String],
    enum: STORE_JOINS,
    isArray: true,
  })
  @IsOptional()
  @Transform(toList)
  @IsString({ each: true })
  includeField?: string[];
}
