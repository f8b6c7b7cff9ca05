import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@platform/contracts';
import type { TransactionStatus, TransactionType } from '@platform/contracts';

/** Simple amount of the public counterpart: minor units and an ISO 4217 currency. */
export class TransactionAmountResponse {
  @ApiProperty({ enum: ['SIMPLE'], description: 'Always SIMPLE (no tip, cashback or fee breakdown)' })
  amountType!: 'SIMPLE';

  @ApiProperty({ type: 'integer', format: 'int64', description: 'Amount in minor units (cents for USD)' })
  amount!: number;

  @ApiProperty({ minLength: 3, maxLength: 3, example: 'USD', description: 'ISO 4217 currency code' })
  currency!: string;
}

export class TransactionResponse {
  @ApiProperty({ format: 'uuid' })
  transactionId!: string;

  @ApiProperty({ format: 'uuid' })
  storeId!: string;

  @ApiProperty({ enum: TRANSACTION_TYPES })
  type!: TransactionType;

  @ApiProperty({ enum: TRANSACTION_STATUSES })
  status!: TransactionStatus;

  @ApiProperty({ type: TransactionAmountResponse })
  amount!: TransactionAmountResponse;

  @ApiProperty({ example: 'Order_2Wz8NbQ3Fy7X0cJm4aPq9sL1kTd', description: 'Global id of the order paid' })
  orderId!: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Sales channel of the order, when it had one' })
  channelId?: string;

  @ApiProperty({
    example: 'MOCK',
    description: "The store's processor (Store Processor) when it was recorded",
  })
  processor!: string;

  @ApiProperty({ description: "The processor's reference of this payment" })
  processorReference!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The transaction this one settles (CAPTURE, REFUND, ADJUSTMENT)',
  })
  parentTransactionId?: string;

  @ApiPropertyOptional({ maxLength: 512 })
  notes?: string;

  @ApiProperty({ format: 'date-time', description: 'When the payment happened' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class LinkResponse {
  @ApiProperty({ example: 'next' })
  rel!: string;

  @ApiProperty({ format: 'uri-reference' })
  href!: string;
}

export class TransactionListResponse {
  @ApiProperty({ type: [TransactionResponse] })
  items!: TransactionResponse[];

  @ApiPropertyOptional({
    type: [LinkResponse],
    description: 'Present only when the list was capped: rel=next continues it',
  })
  links?: LinkResponse[];
}

/** The API shape of a stored transaction; optional fields are left out when empty. */
export function toTransactionResponse(t: {
  id: string;
  storeId: string;
  type: TransactionType;
  status: TransactionStatus;
  amount: string;
  currency: string;
  orderId: string;
  channelId: string | null;
  processor: string;
  processorReference: string;
  parentTransactionId: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}): TransactionResponse {
  return {
    transactionId: t.id,
    storeId: t.storeId,
    type: t.type,
    status: t.status,
    // Stored as bigint; the worker accepts only safe integers, so Number() is exact.
    amount: { amountType: 'SIMPLE', amount: Number(t.amount), currency: t.currency },
    orderId: t.orderId,
    ...(t.channelId !== null ? { channelId: t.channelId } : {}),
    processor: t.processor,
    processorReference: t.processorReference,
    ...(t.parentTransactionId !== null ? { parentTransactionId: t.parentTransactionId } : {}),
    ...(t.notes !== null ? { notes: t.notes } : {}),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}
