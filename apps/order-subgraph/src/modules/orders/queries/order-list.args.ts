import { ArgsType, Field, GraphQLISODateTime, InputType } from '@nestjs/graphql';
import { ConnectionArgs, OptionalNestedField, OptionalUuidField } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDate,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  OrderFulfillmentStatusEnum,
  OrderPaymentStatusEnum,
  OrderSortDirectionEnum,
  OrderSortFieldEnum,
  OrderStatusEnum,
} from '../../order-graphql/order-enums';
import {
  FULFILLMENT_STATUSES,
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type FulfillmentStatus,
  type OrderSortField,
  type OrderStatus,
  type PaymentStatus,
} from '../../order-model/order-statuses';

@InputType('OrderTimeRangeInput', { description: 'from inclusive, to exclusive.' })
export class OrderTimeRangeInput {
  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate()
  from?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate()
  to?: Date | null;
}

@InputType('OrderFilterInput', {
  description: 'Every given filter must hold; a list filter matches any of its values.',
})
export class OrderFilterInput {
  @Field(() => [OrderStatusEnum], { nullable: true })
  @IsOptional()
  @IsArray()
  @IsIn(ORDER_STATUSES, { each: true })
  status?: OrderStatus[] | null;

  @Field(() => [OrderPaymentStatusEnum], { nullable: true })
  @IsOptional()
  @IsArray()
  @IsIn(PAYMENT_STATUSES, { each: true })
  paymentStatus?: PaymentStatus[] | null;

  @Field(() => [OrderFulfillmentStatusEnum], { nullable: true })
  @IsOptional()
  @IsArray()
  @IsIn(FULFILLMENT_STATUSES, { each: true })
  fulfillmentStatus?: FulfillmentStatus[] | null;

  @OptionalUuidField()
  channelId?: string | null;

  @OptionalUuidField()
  customerId?: string | null;

  @Field(() => [String], { nullable: true, description: 'Orders carrying at least one of these tags.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  tags?: string[] | null;

  @OptionalNestedField(() => OrderTimeRangeInput)
  createdAt?: OrderTimeRangeInput | null;

  @OptionalNestedField(() => OrderTimeRangeInput)
  updatedAt?: OrderTimeRangeInput | null;

  @OptionalNestedField(() => OrderTimeRangeInput)
  processedAt?: OrderTimeRangeInput | null;
}

@InputType('OrderOrderByInput')
export class OrderOrderByInput {
  @Field(() => OrderSortFieldEnum, { defaultValue: 'CREATED_AT' })
  @IsIn(ORDER_SORT_FIELDS)
  field!: OrderSortField;

  @Field(() => OrderSortDirectionEnum, { defaultValue: 'DESC' })
  @IsIn(['ASC', 'DESC'])
  direction!: 'ASC' | 'DESC';
}

@ArgsType()
export class OrdersArgs extends ConnectionArgs {
  @OptionalNestedField(() => OrderFilterInput)
  filter?: OrderFilterInput | null;

  @Field(() => OrderOrderByInput, { nullable: true, description: 'Default: newest first (CREATED_AT DESC).' })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderOrderByInput)
  orderBy?: OrderOrderByInput | null;
}

@ArgsType()
export class LineItemsBySkuArgs extends ConnectionArgs {
  @Field({ description: 'The catalog SKU id.' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  skuId!: string;

  @Field(() => OrderSortDirectionEnum, {
    nullable: true,
    description: 'By creation time; default DESC (newest first).',
  })
  @IsOptional()
  @IsIn(['ASC', 'DESC'])
  direction?: 'ASC' | 'DESC' | null;
}
