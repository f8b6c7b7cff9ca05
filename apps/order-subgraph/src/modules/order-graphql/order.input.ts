import { Field, Float, GraphQLISODateTime, ID, InputType, Int } from '@nestjs/graphql';
import { OptionalNestedField, OptionalUuidField, SimpleMoneyInput } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import {
  Allow,
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
  LineItemStatusInputEnum,
  LineItemTypeEnum,
  OrderFulfillmentModeEnum,
  OrderFulfillmentStatusEnum,
  OrderNoteAuthorTypeEnum,
} from './order-enums';
import {
  FULFILLMENT_MODES,
  FULFILLMENT_STATUSES,
  LINE_ITEM_STATUS_INPUTS,
  LINE_ITEM_TYPES,
  NOTE_AUTHOR_TYPES,
  type FulfillmentMode,
  type FulfillmentStatus,
  type LineItemStatusInput,
  type LineItemType,
  type NoteAuthorType,
} from '../order-model/order-statuses';
import {
  AddLineItemDetailsInput,
  LineItemDetailsInput,
  LineItemTaxInput,
  LineItemTotalsInput,
  OrderDiscountLineInput,
  OrderFeeInput,
  OrderMetafieldInput,
  OrderShippingLineInput,
  OrderTaxInput,
  OrderTotalsInput,
  OrderUpdateDiscountInput,
  OrderUpdateFeeInput,
  OrderUpdateShippingLineInput,
  OrderUpdateTaxInput,
  PublicNoteFields,
  UpdateOrderNoteInput,
} from './storefront.input';
import { MAX_LINE_ITEMS, MAX_QUANTITY } from '../order-model/order-rules';

/** The optional orderVersion argument of id-only mutations (optimistic concurrency). */
export const orderVersionArg = {
  type: () => Int,
  nullable: true,
  description: 'Refuse the write unless the order is at this version.',
};

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
  @MaxLength(300)
  adminArea3?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  adminArea4?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(60)
  postalCode?: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 3166-1 alpha-2, upper case. Without it the order is not taxed.',
  })
  @IsOptional()
  @Matches(COUNTRY, { message: 'countryCode must be two upper-case letters' })
  countryCode?: string;
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

/**
 * The public graph's line fields that a new line (OrderLineItemInput, CreateDraftLineItemInput's
 * fields) and a line change (UpdateDraftLineItemInput) take alike: stored ones and ignored amounts.
 */
@InputType({ isAbstract: true })
abstract class LinePublicFieldsInput {
  @OptionalNestedField(() => OrderContactInput)
  shipping?: OrderContactInput;

  @OptionalNestedField(() => LineItemDetailsInput)
  details?: LineItemDetailsInput;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  tags?: string[];

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate()
  serviceStartAt?: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  @IsOptional()
  @IsDate()
  serviceEndsAt?: Date;

  @Field(() => [OrderDiscountLineInput], { nullable: true, description: 'Ignored.' })
  @Allow()
  discounts?: unknown;

  @Field(() => [OrderFeeInput], { nullable: true, description: 'Ignored.' })
  @Allow()
  fees?: unknown;

  @Field(() => [LineItemTaxInput], {
    nullable: true,
    description: 'Ignored: taxes come from the tax subgraph.',
  })
  @Allow()
  taxes?: unknown;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OrderMetafieldInput)
  metafields?: OrderMetafieldInput[];
}

@InputType('OrderLineItemInput', {
  description:
    'A line: the caller prices it (unitAmount, optional discount and tax) until the catalog subgraph prices SKUs.',
})
export class OrderLineItemInput extends LinePublicFieldsInput {
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

  @Field(() => Float, { description: 'A whole number from 1 to 100000.' })
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity!: number;

  @Field(() => SimpleMoneyInput, {
    description: 'On the storefront path the catalog prices lines with a skuId and this is ignored.',
  })
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

  @Field(() => String, { nullable: true, description: 'Ignored: the server names its lines.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  id?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  externalId?: string;

  @Field(() => LineItemTotalsInput, { nullable: true, description: 'Ignored: the server computes totals.' })
  @Allow()
  totals?: unknown;

  @Field(() => [OrderNoteInput], { nullable: true, defaultValue: [] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OrderNoteInput)
  notes?: OrderNoteInput[];
}

@InputType('OrderNoteInput')
export class OrderNoteInput extends PublicNoteFields {
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
  @Field({ description: 'ISO 4217 code of every amount of the order.' })
  @Matches(CURRENCY, { message: 'currencyCode must be an ISO 4217 code of three upper-case letters' })
  currencyCode!: string;

  @Field(() => [OrderLineItemInput])
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OrderLineItemInput)
  lineItems!: OrderLineItemInput[];
}

@InputType('AddDraftOrderInput', {
  description:
    "A DRAFT order (a cart); lines are optional. Also the public storefront graph's AddDraftOrderInput: totals, discounts, fees, taxes and shippingLines are accepted and ignored (the server computes them).",
})
export class AddDraftOrderInput extends OrderCreationInput {
  @Field(() => String, {
    nullable: true,
    description:
      'ISO 4217 code of every amount of the order; default: the currency of the first catalog price, else USD.',
  })
  @IsOptional()
  @Matches(CURRENCY, { message: 'currencyCode must be an ISO 4217 code of three upper-case letters' })
  currencyCode?: string;

  @Field(() => [OrderLineItemInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OrderLineItemInput)
  lineItems?: OrderLineItemInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  externalId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  cartId?: string;

  @Field(() => OrderTotalsInput, { nullable: true, description: 'Ignored.' })
  @Allow()
  totals?: unknown;

  @Field(() => [OrderShippingLineInput], { nullable: true, defaultValue: [], description: 'Ignored.' })
  @Allow()
  shippingLines?: unknown;

  @Field(() => [OrderDiscountLineInput], {
    nullable: true,
    defaultValue: [],
    description: 'Ignored: discounts come from applyDiscountCodes.',
  })
  @Allow()
  discounts?: unknown;

  @Field(() => [OrderFeeInput], { nullable: true, defaultValue: [], description: 'Ignored.' })
  @Allow()
  fees?: unknown;

  @Field(() => [OrderTaxInput], { nullable: true, defaultValue: [], description: 'Ignored.' })
  @Allow()
  taxes?: unknown;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'A tax-exempt cart is not taxed.',
  })
  @IsOptional()
  @IsBoolean()
  taxExempted?: boolean;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OrderMetafieldInput)
  metafields?: OrderMetafieldInput[];
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

/**
 * Fields of the cart mutations the public storefront graph has without `context`: on the admin
 * path the context is still required (else BAD_USER_INPUT); on the storefront path the x-store-id
 * store applies and a given context must name it.
 */
@InputType({ isAbstract: true })
abstract class CartEditInput {
  @Field(() => OrderStoreContextInput, {
    nullable: true,
    description: 'Required on /v1/commerce/order-subgraph; optional on the storefront path.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderStoreContextInput)
  context?: OrderStoreContextInput;

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

@InputType('AddLineItemInput', {
  description:
    "A catalog SKU added to a cart, priced from the catalog's current SKU price (never by the caller).",
})
export class AddLineItemInput extends CartEditInput {
  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field({ description: 'The catalog SKU id.' })
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  skuId!: string;

  @OptionalNestedField(() => AddLineItemDetailsInput)
  details?: AddLineItemDetailsInput;

  @Field(() => String, { nullable: true, description: "Default: the catalog's SKU name." })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  fulfillmentChannelId?: string;

  @Field(() => Int, { description: 'A whole number from 1 to 100000.' })
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity!: number;

  @Field(() => OrderFulfillmentModeEnum, { nullable: true, description: 'Default NONE.' })
  @IsOptional()
  @IsIn(FULFILLMENT_MODES)
  fulfillmentMode?: FulfillmentMode;

  @Field(() => LineItemStatusInputEnum, { nullable: true, description: 'Default (and DRAFT): UNFULFILLED.' })
  @IsOptional()
  @IsIn(LINE_ITEM_STATUS_INPUTS)
  status?: LineItemStatusInput;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: 'Adds the quantity to a line of the same SKU and details instead of adding a line.',
  })
  @IsOptional()
  @IsBoolean()
  updateQuantity?: boolean;
}

/** The public UpdateDraftLineItemInput: a change of one line (omitted fields stay). */
@InputType('UpdateDraftLineItemInput')
export class UpdateDraftLineItemInput extends LinePublicFieldsInput {
  @Field(() => ID)
  @IsString()
  id!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  externalId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  fulfillmentChannelId?: string;

  @Field(() => LineItemTypeEnum, { nullable: true })
  @IsOptional()
  @IsIn(LINE_ITEM_TYPES)
  type?: LineItemType;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  name?: string;

  @Field(() => OrderFulfillmentModeEnum, { nullable: true })
  @IsOptional()
  @IsIn(FULFILLMENT_MODES)
  fulfillmentMode?: FulfillmentMode;

  @Field(() => LineItemTotalsInput, { nullable: true, description: 'Ignored: the server computes totals.' })
  @Allow()
  totals?: unknown;

  @Field(() => Float, { nullable: true, description: 'A whole number from 1 to 100000.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity?: number;

  @Field(() => [OrderNoteInput], { nullable: true, description: 'Replaces the line notes when given.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => OrderNoteInput)
  notes?: OrderNoteInput[];

  @Field(() => String, { nullable: true, description: 'Another catalog SKU: the line is priced again.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  skuId?: string;
}

@InputType('UpdateLineItemByIdInput', {
  description:
    "Omitted fields stay. unitAmount, discountAmount and taxAmount are the admin path's price overrides (null clears the last two); the storefront path refuses them (PRICE_NOT_ACCEPTED).",
})
export class UpdateLineItemByIdInput extends UpdateDraftLineItemInput {
  @Field(() => OrderStoreContextInput, {
    nullable: true,
    description: 'Required on /v1/commerce/order-subgraph; optional on the storefront path.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderStoreContextInput)
  context?: OrderStoreContextInput;

  @Field(() => Int, {
    nullable: true,
    description:
      'When given, the write happens only if the order is still at this version (else ORDER_VERSION_CONFLICT).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  orderVersion?: number | null;

  @Field(() => ID)
  @IsString()
  orderId!: string;

  @OptionalNestedField(() => SimpleMoneyInput)
  unitAmount?: SimpleMoneyInput;

  @OptionalNestedField(() => SimpleMoneyInput)
  discountAmount?: SimpleMoneyInput | null;

  @OptionalNestedField(() => SimpleMoneyInput)
  taxAmount?: SimpleMoneyInput | null;

  @Field(() => OrderFulfillmentStatusEnum, { nullable: true, description: "The line's fulfilment status." })
  @IsOptional()
  @IsIn(FULFILLMENT_STATUSES)
  status?: FulfillmentStatus;
}

@InputType('ApplyDiscountCodesInput')
export class ApplyDiscountCodesInput extends CartEditInput {
  @Field(() => ID)
  @IsString()
  orderId!: string;

  @Field(() => [String], { description: 'Codes of the store (any case); all apply or none.' })
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(64, { each: true })
  discountCodes!: string[];
}

@InputType('UpdateDraftOrderLineItemsInput')
export class UpdateDraftOrderLineItemsInput {
  @Field(() => [OrderLineItemInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => OrderLineItemInput)
  add?: OrderLineItemInput[];

  @Field(() => [UpdateDraftLineItemInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => UpdateDraftLineItemInput)
  update?: UpdateDraftLineItemInput[];

  @Field(() => [String], { nullable: true, description: 'Ids of lines to remove.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_LINE_ITEMS)
  @IsString({ each: true })
  remove?: string[];
}

@InputType('UpdateDraftOrderInput', {
  description:
    "A change of a DRAFT order (the public storefront graph's updateDraftOrder). Omitted fields stay; totals, shippingLines, discounts, fees and taxes are accepted and ignored.",
})
export class UpdateDraftOrderInput {
  @Field(() => OrderContextInput)
  @ValidateNested()
  @Type(() => OrderContextInput)
  context!: OrderContextInput;

  @Field(() => ID)
  @IsString()
  id!: string;

  @Field(() => Int, { nullable: true, description: 'Refuse the write unless the order is at this version.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  orderVersion?: number | null;

  @Field(() => OrderTotalsInput, { nullable: true, description: 'Ignored.' })
  @Allow()
  totals?: unknown;

  @OptionalUuidField()
  customerId?: string | null;

  @OptionalNestedField(() => OrderContactInput)
  billing?: OrderContactInput | null;

  @OptionalNestedField(() => OrderContactInput)
  shipping?: OrderContactInput | null;

  @OptionalNestedField(() => UpdateDraftOrderLineItemsInput)
  lineItems?: UpdateDraftOrderLineItemsInput;

  @Field(() => [OrderUpdateShippingLineInput], { nullable: true, description: 'Ignored.' })
  @Allow()
  shippingLines?: unknown;

  @Field(() => [OrderUpdateDiscountInput], {
    nullable: true,
    description: 'Ignored: use applyDiscountCodes.',
  })
  @Allow()
  discounts?: unknown;

  @Field(() => [OrderUpdateFeeInput], { nullable: true, description: 'Ignored.' })
  @Allow()
  fees?: unknown;

  @Field(() => [OrderUpdateTaxInput], { nullable: true, description: 'Ignored.' })
  @Allow()
  taxes?: unknown;

  @Field(() => [UpdateOrderNoteInput], { nullable: true, description: 'Notes without an id are added.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => UpdateOrderNoteInput)
  notes?: UpdateOrderNoteInput[];

  @Field(() => [String], { nullable: true, description: 'Replaces the tags.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  tags?: string[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  externalId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  cartId?: string;

  @Field(() => [OrderMetafieldInput], { nullable: true, description: 'Replaces the metafields.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OrderMetafieldInput)
  metafields?: OrderMetafieldInput[];
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
