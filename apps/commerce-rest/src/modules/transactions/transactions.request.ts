import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsUUID, Matches } from 'class-validator';

/** Most transaction ids one list request may name. */
export const MAX_TRANSACTION_IDS = 100;

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `a,b` and `x=a&x=b` alike: a flat list of trimmed, non-empty values. */
function toList({ value }: { value: unknown }): unknown {
  if (value === undefined) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]))
    .map((v) => (typeof v === 'string' ? v.trim() : v));
}

export class StoreTransactionsParams {
  @ApiProperty({ format: 'uuid', description: 'The store' })
  @IsUUID('all', { message: 'storeId must be a uuid' })
  storeId!: string;
}

export class StoreTransactionParams extends StoreTransactionsParams {
  @ApiProperty({ format: 'uuid', description: 'The transaction (transactionId)' })
  @IsUUID('all', { message: 'transactionId must be a uuid' })
  transactionId!: string;
}

export class TransactionListQuery {
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    maxItems: MAX_TRANSACTION_IDS,
    description: `Only these transactions (repeat the parameter or separate ids with commas; at most ${MAX_TRANSACTION_IDS})`,
  })
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(MAX_TRANSACTION_IDS, { message: `transactionIds takes at most ${MAX_TRANSACTION_IDS} ids` })
  @IsUUID('all', { each: true, message: 'transactionIds must be uuids' })
  transactionIds?: string[];

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Only transactions updated strictly after this instant (ISO 8601)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'updatedAtAfter must be an ISO 8601 date-time' })
  updatedAtAfter?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'Only transactions updated strictly before this instant (ISO 8601)',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'updatedAtBefore must be an ISO 8601 date-time' })
  updatedAtBefore?: string;

  @ApiPropertyOptional({
    enum: SORT_ORDERS,
    default: 'ASC',
    description: 'Order by createdAt (then transactionId)',
  })
  @IsOptional()
  @IsIn(SORT_ORDERS, { message: 'sortOrder must be ASC or DESC' })
  sortOrder?: SortOrder;

  @ApiPropertyOptional({
    description:
      'Continuation of a capped list: the value handed out in links[rel=next] (and the Link header). Opaque.',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9_.-]{1,512}$/, { message: 'pageToken must be a token from links[rel=next]' })
  pageToken?: string;
}
