import { Field, GraphQLISODateTime, ID, InputType, Int } from '@nestjs/graphql';
import { OptionalNestedField, OptionalUuidField, SimpleMoneyInput } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDate,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
  Max,
} from 'class-validator';
import {
  LineItemTypeEnum,
  OrderFulfillmentModeEnum,
  OrderFulfillmentStatusEnum,
  OrderNoteAuthorTypeEnum,
} from './order-enums';
import {
  FULFILLMENT_MODES,
  FULFILLMENT_STATUSES,
  LINE_ITEM_TYPES,
  NOTE_AUTHOR_TYPES,
  type FulfillmentMode,
  type FulfillmentStatus,
  type LineItemType,
  type NoteAuthorType,
} from './order-statuses';

/** Most lines one order holds (and one addOrder takes). */
export const MAX_LINE_ITEMS = 250;
const MAX_TAGS = 50;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^([A-Z]{2}|C2)$/;

@InputType('OrderStoreContextInput', {
  description:
    'The store the mutation works on: must be the store of the x-store-id header (else STORE_MISMATCH).',
})
export class OrderStoreContextInput {
  @Field(() => ID)
  @IsUUID()
  storeId!: string;
}

@InputType('OrderContextInput', { description: 'The store (must equal x-store-id) and the sales channel.' })
export class OrderContextInput extends OrderStoreContextInput {
  @OptionalUuidField()
  channelId?: string | null;
}

@InputType('OrderAddressInput')
export class OrderAddressInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  addressLine1?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  addressLine2?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  addressLine3?: string;

  @Field(() => String, { nullable: true, description: 'State or province, ISO 3166-2 style ("CA").' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  adminArea1?: string;

  @Field(() => String, { nullable: true, description: 'City.' })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  adminArea2?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  postalCode?: string;

  @Field({ description: 'ISO 3166-1 alpha-2, upper case.' })
  @Matches(COUNTRY, { message: 'countryCode must be two upper-case letters' })
  countryCode!: string;
}

@InputType('OrderContactInput')
export class OrderContactInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  firstName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  companyName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  phone?: string;

  @OptionalNestedField(() => OrderAddressInput)
  address?: OrderAddressInput;
}

@InputType('OrderLineItemInput', {
  description:
    'A line: the caller prices it (unitAmount, optional discount and tax) until the catalog subgraph prices SKUs.',
})
export class OrderLineItemInput {
  @Field(() => LineItemTypeEnum, { nullable: true, description: 'Default PHYSICAL.' })
  @IsOptional()
  @IsIn(LINE_ITEM_TYPES)
  type?: LineItemType;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name!: string;

  @Field(() => String, { nullable: true, description: 'The catalog SKU id.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  skuId?: string | null;

  @Field(() => Int, { description: '1 to 100000.' })
  @IsInt()
  @Min(1)
  @Max(100_000)
  quantity!: number;

  @Field(() => SimpleMoneyInput)
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  unitAmount!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput, { nullable: true, description: 'Discount of the whole line.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  discountAmount?: SimpleMoneyInput | null;

  @Field(() => SimpleMoneyInput, {
    nullable: true,
    description: 'Tax of the whole line (e.g. from the tax subgraph).',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  taxAmount?: SimpleMoneyInput | null;

  @Field(() => OrderFulfillmentModeEnum, { nullable: true, description: 'Default NONE.' })
  @IsOptional()
  @IsIn(FULFILLMENT_MODES)
  fulfillmentMode?: FulfillmentMode;
}

@InputType('OrderNoteInput')
export class OrderNoteInput {
  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  content!: string;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean()
  shouldNotifyCustomer?: boolean;

  @Field(() => OrderNoteAuthorTypeEnum, { nullable: true, description: 'Default MERCHANT.' })
  @IsOptional()
  @IsIn(NOTE_AUTHOR_TYPES)
  authorType?: NoteAuthorType;
}

/** Fields addOrder and addDraftOrder share. */
@InputType({ isAbstract: true })
abstract class OrderCreationInput {
  @Field(() => OrderContextInput)
  @ValidateNested()
  @Type(() => OrderContextInput)
  context!: OrderContextInput;

  @Field({ description: 'ISO 4217 code of every amount of the order.' })
  @Matches(CURRENCY, { message: 'currencyCode must be an ISO 4217 code of three upper-case letters' })
  currencyCode!: string;

  @OptionalUuidField()
  customerId?: string | null;

  @OptionalNestedField(() => OrderContactInput)
  billing?: OrderContactInput | null;

  @OptionalNestedField(() => OrderContactInput)
  shipping?: OrderContactInput | null;

  @OptionalNestedField(() => SimpleMoneyInput)
  shippingAmount?: SimpleMoneyInput | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  tags?: string[];

  @Field(() => [OrderNoteInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OrderNoteInput)
  notes?: OrderNoteInput[];

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the sale happened; default now.' })
  @IsOptional()
  @IsDate()
  processedAt?: Date | null;
}

@InputType('AddOrderInput', { description: 'An OPEN order with at least one line.' })
export class AddOrderInput extends OrderCreationInput {
  @Field(() => [OrderLineItemInput])
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OrderLineItemInput)
  lineItems!: OrderLineItemInput[];
}

@InputType('AddDraftOrderInput', { description: 'A DRAFT order (a cart); lines are optional.' })
export class AddDraftOrderInput extends OrderCreationInput {
  @Field(() => [OrderLineItemInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OrderLineItemInput)
  lineItems?: OrderLineItemInput[];
}

/** Fields of every input that changes an existing order. */
@InputType({ isAbstract: true })
abstract class OrderEditInput {
  @Field(() => OrderStoreContextInput)
  @ValidateNested()
  @Type(() => OrderStoreContextInput)
  context!: OrderStoreContextInput;

  @Field(() => Int, {
    nullable: true,
    description:
      'When given, the write happens only if the order is still at this version (else ORDER_VERSION_CONFLICT).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  orderVersion?: number | null;
}

@InputType('UpdateOrderInput', { description: 'Omitted fields stay; null clears a nullable field.' })
export class UpdateOrderInput extends OrderEditInput {
  @Field(() => ID)
  @IsString()
  id!: string;

  @OptionalUuidField()
  channelId?: string | null;

  @OptionalUuidField()
  customerId?: string | null;

  @OptionalNestedField(() => OrderContactInput)
  billing?: OrderContactInput | null;

  @OptionalNestedField(() => OrderContactInput)
  shipping?: OrderContactInput | null;

  @OptionalNestedField(() => SimpleMoneyInput)
  shippingAmount?: SimpleMoneyInput | null;

  @Field(() => [String], { nullable: true, description: 'Replaces the tags.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  tags?: string[] | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate()
  processedAt?: Date | null;
}

@InputType('AddLineItemInput')
export class AddLineItemInput extends OrderEditInput {
  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field(() => OrderLineItemInput)
  @ValidateNested()
  @Type(() => OrderLineItemInput)
  lineItem!: OrderLineItemInput;
}

@InputType('UpdateLineItemByIdInput', {
  description: 'Omitted fields stay; null clears discountAmount/taxAmount.',
})
export class UpdateLineItemByIdInput extends OrderEditInput {
  @Field(() => ID)
  @IsString()
  id!: string;

  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name?: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  quantity?: number;

  @OptionalNestedField(() => SimpleMoneyInput)
  unitAmount?: SimpleMoneyInput;

  @OptionalNestedField(() => SimpleMoneyInput)
  discountAmount?: SimpleMoneyInput | null;

  @OptionalNestedField(() => SimpleMoneyInput)
  taxAmount?: SimpleMoneyInput | null;

  @Field(() => OrderFulfillmentModeEnum, { nullable: true })
  @IsOptional()
  @IsIn(FULFILLMENT_MODES)
  fulfillmentMode?: FulfillmentMode;

  @Field(() => OrderFulfillmentStatusEnum, { nullable: true, description: "The line's fulfilment status." })
  @IsOptional()
  @IsIn(FULFILLMENT_STATUSES)
  status?: FulfillmentStatus;
}

@InputType('AddOrderNoteInput')
export class AddOrderNoteInput extends OrderNoteInput {
  @Field(() => OrderStoreContextInput)
  @ValidateNested()
  @Type(() => OrderStoreContextInput)
  context!: OrderStoreContextInput;

  @Field(() => ID)
  @IsString()
  orderId!: string;
}

@InputType('AddOrderDiscountInput')
export class AddOrderDiscountInput extends OrderEditInput {
  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  name!: string;

  @Field(() => String, { nullable: true, description: 'The code the customer entered, if any.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string | null;

  @Field(() => SimpleMoneyInput, { description: 'Fixed amount, above zero.' })
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;
}

@InputType('RecordOrderPaymentInput')
export class RecordOrderPaymentInput extends OrderEditInput {
  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field(() => SimpleMoneyInput, { description: 'Above zero, at most the outstanding balance.' })
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;

  @Field(() => String, { nullable: true, description: "The processor's id of the payment." })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  processorReference?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  notes?: string | null;
}

@InputType('RefundOrderInput')
export class RefundOrderInput extends OrderEditInput {
  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field(() => SimpleMoneyInput, {
    nullable: true,
    description: 'Default: everything paid and not yet refunded.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  amount?: SimpleMoneyInput | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  notes?: string | null;
}
