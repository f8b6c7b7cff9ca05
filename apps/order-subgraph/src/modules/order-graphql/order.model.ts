import { Directive, Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { SimpleMoney } from '@platform/graphql-subgraph';
import {
  LineItemTypeEnum,
  OrderFulfillmentModeEnum,
  OrderFulfillmentStatusEnum,
  OrderNoteAuthorTypeEnum,
  OrderPaymentStatusEnum,
  OrderPaymentTypeEnum,
  OrderStatusEnum,
  OrderStatusKindEnum,
} from './order-enums';
import type {
  FulfillmentMode,
  FulfillmentStatus,
  LineItemType,
  NoteAuthorType,
  OrderPaymentType,
  OrderStatus,
  PaymentStatus,
  StatusKind,
} from '../order-model/order-statuses';
import {
  LineItemDetailsModel,
  LineItemTaxModel,
  OrderExternalIdModel,
  OrderFeeModel,
  OrderLinkModel,
  OrderMetafieldModel,
  OrderTaxModel,
} from './storefront.model';

/**
 * The catalog's SKU, by reference only: the catalog subgraph owns and resolves it. `id` is
 * `String!` as in the catalog's `sku(id: String!)`.
 */
@ObjectType('SKU')
@Directive('@key(fields: "id", resolvable: false)')
export class SkuReference {
  @Field()
  id!: string;
}

@ObjectType('OrderContext', { description: 'Where the order belongs.' })
export class OrderContextModel {
  @Field(() => ID)
  storeId!: string;

  @Field(() => ID, { nullable: true })
  channelId!: string | null;
}

@ObjectType('OrderStatuses', { description: 'The three current statuses of an order.' })
export class OrderStatusesModel {
  @Field(() => OrderStatusEnum)
  status!: OrderStatus;

  @Field(() => OrderPaymentStatusEnum)
  paymentStatus!: PaymentStatus;

  @Field(() => OrderFulfillmentStatusEnum)
  fulfillmentStatus!: FulfillmentStatus;
}

@ObjectType('OrderStatusChange', { description: 'One entry of the status history, oldest first.' })
export class OrderStatusChangeModel {
  @Field(() => OrderStatusKindEnum)
  kind!: StatusKind;

  @Field({ description: 'The new value.' })
  status!: string;

  @Field(() => String, { nullable: true, description: 'The value before; null for the initial one.' })
  previousStatus!: string | null;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => GraphQLISODateTime)
  changedAt!: Date;
}

@ObjectType('OrderTotals', {
  description:
    'Minor units of the order currency. total = subTotal − discountTotal + shippingTotal + taxTotal + feeTotal.',
})
export class OrderTotalsModel {
  @Field(() => SimpleMoney)
  subTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  discountTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  shippingTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  taxTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  feeTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  total!: SimpleMoney;

  @Field(() => SimpleMoney, { description: 'Sum of the recorded payments (SALE).' })
  paidTotal!: SimpleMoney;

  @Field(() => SimpleMoney, { description: 'Sum of the recorded refunds.' })
  refundedTotal!: SimpleMoney;

  @Field(() => SimpleMoney, { description: 'The discounts on products: every discount of the order.' })
  productDiscountTotal!: SimpleMoney;

  @Field(() => SimpleMoney, { description: 'Discounts on shipping: always 0.' })
  shippingDiscountTotal!: SimpleMoney;
}

@ObjectType('OrderAddress')
export class OrderAddressModel {
  @Field(() => String, { nullable: true })
  addressLine1?: string;

  @Field(() => String, { nullable: true })
  addressLine2?: string;

  @Field(() => String, { nullable: true })
  addressLine3?: string;

  @Field(() => String, { nullable: true, description: 'State or province (ISO 3166-2 style: "CA").' })
  adminArea1?: string;

  @Field(() => String, { nullable: true, description: 'City.' })
  adminArea2?: string;

  @Field(() => String, { nullable: true })
  adminArea3?: string;

  @Field(() => String, { nullable: true })
  adminArea4?: string;

  @Field(() => String, { nullable: true })
  postalCode?: string;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2.' })
  countryCode?: string;
}

@ObjectType('OrderContact', { description: 'A billing or shipping contact and address.' })
export class OrderContactModel {
  @Field(() => String, { nullable: true })
  firstName?: string;

  @Field(() => String, { nullable: true })
  lastName?: string;

  @Field(() => String, { nullable: true })
  companyName?: string;

  @Field(() => String, { nullable: true })
  email?: string;

  @Field(() => String, { nullable: true })
  phone?: string;

  @Field(() => OrderAddressModel, { nullable: true })
  address?: OrderAddressModel;
}

@ObjectType('OrderNote')
export class OrderNoteModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  orderId!: string;

  @Field()
  content!: string;

  @Field(() => OrderNoteAuthorTypeEnum)
  authorType!: NoteAuthorType;

  @Field(() => String, { nullable: true, description: 'Account of the token that wrote it.' })
  author!: string | null;

  @Field()
  shouldNotifyCustomer!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: 'Deleted notes are not listed: always null.',
  })
  deletedAt!: Date | null;

  @Field(() => ID, { nullable: true })
  referenceId!: string | null;

  @Field(() => [OrderMetafieldModel], { nullable: true })
  metafields!: OrderMetafieldModel[] | null;

  @Field(() => [OrderExternalIdModel], { nullable: true })
  externalIds!: OrderExternalIdModel[] | null;
}

@ObjectType('OrderDiscount', {
  description: 'An order-level discount: a fixed amount, or a percentage of the subtotal (discount codes).',
})
export class OrderDiscountModel {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true })
  code!: string | null;

  @Field(() => SimpleMoney, { description: 'For a percentage: its current amount.' })
  amount!: SimpleMoney;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => String, { nullable: true, description: 'Decimal percentage of the subtotal ("10").' })
  ratePercentage!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Always false: discounts apply after tax.' })
  appliedBeforeTax!: boolean | null;

  @Field(() => ID, { nullable: true, description: 'The discount code it came from.' })
  referenceId!: string | null;

  @Field(() => [OrderMetafieldModel], { nullable: true })
  metafields!: OrderMetafieldModel[] | null;

  @Field(() => [OrderExternalIdModel], { nullable: true })
  externalIds!: OrderExternalIdModel[] | null;
}

@ObjectType('OrderPayment', {
  description:
    'A money event of the order, published to commerce as a transaction with the same id (eventId).',
})
export class OrderPaymentModel {
  @Field(() => ID, { description: 'The event id; the commerce transaction records it as its source.' })
  id!: string;

  @Field(() => OrderPaymentTypeEnum)
  type!: OrderPaymentType;

  @Field(() => SimpleMoney)
  amount!: SimpleMoney;

  @Field(() => ID, { nullable: true, description: 'For a REFUND: the SALE it refunds.' })
  parentId!: string | null;

  @Field(() => String, { nullable: true })
  processorReference!: string | null;

  @Field(() => String, { nullable: true })
  notes!: string | null;

  @Field(() => GraphQLISODateTime)
  occurredAt!: Date;
}

@ObjectType('LineItemTotals', {
  description: 'subTotal = unitAmount × quantity; total = subTotal − discountTotal + taxTotal.',
})
export class LineItemTotalsModel {
  @Field(() => SimpleMoney, { description: 'Always 0: no fees.' })
  feeTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  subTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  discountTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  taxTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  total!: SimpleMoney;
}

@ObjectType('LineItem')
@Directive('@key(fields: "id")')
export class LineItemModel {
  @Field(() => ID, { description: '`LineItem_<KSUID>`, opaque: pass it verbatim.' })
  id!: string;

  @Field(() => ID)
  orderId!: string;

  @Field(() => LineItemTypeEnum)
  type!: LineItemType;

  @Field()
  name!: string;

  @Field(() => String, { nullable: true, description: 'The catalog SKU id (see `sku`).' })
  skuId!: string | null;

  @Field(() => Int)
  quantity!: number;

  @Field(() => SimpleMoney)
  unitAmount!: SimpleMoney;

  @Field(() => LineItemTotalsModel)
  totals!: LineItemTotalsModel;

  @Field(() => OrderFulfillmentModeEnum)
  fulfillmentMode!: FulfillmentMode;

  @Field(() => OrderFulfillmentStatusEnum, { description: "The line's fulfilment status." })
  status!: FulfillmentStatus;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => LineItemDetailsModel, { nullable: true })
  details!: LineItemDetailsModel | null;

  @Field(() => [OrderDiscountModel], {
    nullable: true,
    description: 'Discounts are order-level: always empty.',
  })
  discounts!: OrderDiscountModel[];

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => [OrderFeeModel], { nullable: true, description: 'Always empty.' })
  fees!: OrderFeeModel[];

  @Field(() => String, { nullable: true })
  fulfillmentChannelId!: string | null;

  @Field(() => [OrderMetafieldModel], { nullable: true })
  metafields!: OrderMetafieldModel[];

  @Field(() => [OrderNoteModel], { nullable: true })
  notes!: OrderNoteModel[];

  @Field(() => GraphQLISODateTime, { nullable: true })
  serviceEndsAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  serviceStartAt!: Date | null;

  @Field(() => OrderContactModel, { nullable: true })
  shipping!: OrderContactModel | null;

  @Field(() => [String], { nullable: true })
  tags!: string[];

  @Field(() => [LineItemTaxModel], {
    nullable: true,
    description: "From the tax subgraph's calculation (DRAFT orders).",
  })
  taxes!: LineItemTaxModel[];
}

@ObjectType('Order')
@Directive('@key(fields: "id")')
export class OrderModel {
  @Field(() => ID, { description: '`Order_<KSUID>`, opaque: pass it verbatim.' })
  id!: string;

  @Field(() => Int, { description: "1, 2, 3… in the store's creation order, without gaps." })
  number!: number;

  @Field(() => OrderContextModel)
  context!: OrderContextModel;

  @Field(() => OrderStatusesModel)
  statuses!: OrderStatusesModel;

  @Field(() => String, { description: 'ISO 4217 currency of every amount of the order.' })
  currencyCode!: string;

  @Field(() => OrderTotalsModel)
  totals!: OrderTotalsModel;

  @Field(() => ID, { nullable: true, description: 'A customer of the store (commerce REST).' })
  customerId!: string | null;

  @Field(() => OrderContactModel, { nullable: true })
  billing!: OrderContactModel | null;

  @Field(() => OrderContactModel, { nullable: true })
  shipping!: OrderContactModel | null;

  @Field(() => [String])
  tags!: string[];

  @Field(() => Int, {
    description: 'Changes on every write; pass it back as orderVersion to refuse lost updates.',
  })
  orderVersion!: number;

  @Field(() => GraphQLISODateTime)
  processedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true })
  paidAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  completedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true })
  canceledAt!: Date | null;

  @Field(() => String, { nullable: true })
  cancelReason!: string | null;

  @Field({ description: 'Archived orders are listed by archivedOrders, not orders.' })
  archived!: boolean;

  @Field(() => GraphQLISODateTime, { nullable: true })
  archivedAt!: Date | null;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => String, { nullable: true, description: "The storefront's own id of the order." })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: "The storefront's cart id." })
  cartId!: string | null;

  @Field(() => [OrderMetafieldModel], { nullable: true })
  metafields!: OrderMetafieldModel[];

  @Field(() => Boolean, { nullable: true, description: 'A tax-exempt order is not taxed.' })
  taxExempted!: boolean;

  @Field(() => [OrderTaxModel], {
    nullable: true,
    description: "Per tax rate, from the tax subgraph's calculation.",
  })
  taxes!: OrderTaxModel[];

  @Field(() => [OrderFeeModel], { nullable: true, description: 'Always empty.' })
  fees!: OrderFeeModel[];

  @Field(() => [OrderLinkModel], { nullable: true, description: 'Always empty.' })
  links!: OrderLinkModel[];
}
