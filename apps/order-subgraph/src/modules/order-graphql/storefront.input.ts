import { Field, GraphQLISODateTime, InputType, Int } from '@nestjs/graphql';
import { SimpleMoneyInput } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { OrderMetafieldTypeEnum, OrderNoteAuthorTypeEnum } from './order-enums';
import { NOTE_AUTHOR_TYPES, type NoteAuthorType } from '../order-model/order-statuses';

/**
 * The public storefront graph's nested inputs (../shared/vendor-tests/godaddy-graphql/orders-storefront.graphql),
 * field for field. Those the order subgraph stores are validated; those it ignores (client-sent
 * totals, discounts, fees, taxes, shipping lines: the server computes them) are accepted as given
 * and not read (docs/graphql.md, "Order storefront").
 */

@InputType('OrderMetafieldInput')
export class OrderMetafieldInput {
  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  key!: string;

  @Field()
  @IsString()
  @MaxLength(10_000)
  value!: string;

  @Field(() => OrderMetafieldTypeEnum, { defaultValue: 'JSON', description: 'JSON (the only type).' })
  @IsOptional()
  @IsIn(['JSON'])
  type?: 'JSON';
}

@InputType('OrderExternalIdInput')
export class OrderExternalIdInput {
  @Field()
  @IsString()
  @MaxLength(128)
  type!: string;

  @Field()
  @IsString()
  @MaxLength(256)
  value!: string;
}

/** Amounts a client computed; accepted and ignored (the server computes every amount). */
@InputType('OrderUpdateMoneyInput')
export class OrderUpdateMoneyInput {
  @Field(() => String, { nullable: true })
  currencyCode?: string;

  @Field(() => Int, { nullable: true })
  value?: number;
}

@InputType('OrderTotalsInput', { description: 'Accepted and ignored: the server computes the totals.' })
export class OrderTotalsInput {
  @Field(() => SimpleMoneyInput)
  subTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  shippingTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput, { nullable: true })
  productDiscountTotal?: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput, { nullable: true })
  shippingDiscountTotal?: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  discountTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  feeTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  taxTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  total!: SimpleMoneyInput;
}

@InputType('LineItemTotalsInput', { description: 'Accepted and ignored: the server computes the totals.' })
export class LineItemTotalsInput {
  @Field(() => SimpleMoneyInput)
  discountTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  feeTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  taxTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  subTotal!: SimpleMoneyInput;
}

@InputType('OrderDiscountLineInput', {
  description: 'A client-made discount: accepted and ignored (discounts come from applyDiscountCodes).',
})
export class OrderDiscountLineInput {
  @Field(() => String, { nullable: true })
  referenceId?: string;

  @Field()
  name!: string;

  @Field(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;

  @Field(() => String, { nullable: true })
  code?: string;

  @Field(() => String, { nullable: true })
  ratePercentage?: string;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  appliedBeforeTax?: boolean;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  metafields?: OrderMetafieldInput[];

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];
}

@InputType('OrderFeeInput', { description: 'Accepted and ignored: the storefront charges no fees.' })
export class OrderFeeInput {
  @Field(() => String, { nullable: true })
  referenceId?: string;

  @Field()
  name!: string;

  @Field(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  appliedBeforeTax?: boolean;

  @Field(() => String, { nullable: true })
  ratePercentage?: string;

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];
}

@InputType('LineItemTaxInput', { description: 'Accepted and ignored: taxes come from the tax subgraph.' })
export class LineItemTaxInput {
  @Field(() => String, { nullable: true })
  referenceId?: string;

  @Field()
  name!: string;

  @Field(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;

  @Field(() => String, { nullable: true })
  ratePercentage?: string;

  @Field(() => Boolean, { nullable: true })
  included?: boolean;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  exempted?: boolean;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  metafields?: OrderMetafieldInput[];

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];
}

@InputType('OrderTaxInput', { description: 'Accepted and ignored: taxes come from the tax subgraph.' })
export class OrderTaxInput extends LineItemTaxInput {
  @Field(() => Boolean, { nullable: true, defaultValue: false })
  additional?: boolean;
}

@InputType('OrderShippingLineTotalsInput')
export class OrderShippingLineTotalsInput {
  @Field(() => SimpleMoneyInput)
  taxTotal!: SimpleMoneyInput;

  @Field(() => SimpleMoneyInput)
  subTotal!: SimpleMoneyInput;
}

@InputType('OrderShippingLineInput', {
  description: 'Accepted and ignored: the shipping amount is set through the admin graph (shippingAmount).',
})
export class OrderShippingLineInput {
  @Field(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;

  @Field()
  name!: string;

  @Field(() => OrderShippingLineTotalsInput)
  totals!: OrderShippingLineTotalsInput;

  @Field(() => String, { nullable: true })
  requestedProvider?: string;

  @Field(() => String, { nullable: true })
  requestedService?: string;

  @Field(() => [LineItemTaxInput], { nullable: true })
  taxes?: LineItemTaxInput[];

  @Field(() => [OrderMetafieldInput], { nullable: true })
  metafields?: OrderMetafieldInput[];

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];

  @Field(() => [OrderDiscountLineInput], { nullable: true })
  discounts?: OrderDiscountLineInput[];

  @Field(() => [OrderFeeInput], { nullable: true })
  fees?: OrderFeeInput[];
}

/** The fields the public update inputs of an order's discounts, fees and taxes open with. */
@InputType({ isAbstract: true })
abstract class OrderUpdateAmountFields {
  @Field(() => String, { nullable: true })
  id?: string;

  @Field(() => String, { nullable: true })
  referenceId?: string;

  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => OrderUpdateMoneyInput, { nullable: true })
  amount?: OrderUpdateMoneyInput;
}

@InputType('OrderUpdateDiscountInput', { description: 'Accepted and ignored.' })
export class OrderUpdateDiscountInput extends OrderUpdateAmountFields {
  @Field(() => String, { nullable: true })
  code?: string;

  @Field(() => String, { nullable: true })
  ratePercentage?: string;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  appliedBeforeTax?: boolean;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  metafields?: OrderMetafieldInput[];

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];
}

@InputType('OrderUpdateFeeInput', { description: 'Accepted and ignored.' })
export class OrderUpdateFeeInput extends OrderUpdateAmountFields {
  @Field(() => Boolean, { nullable: true, defaultValue: false })
  appliedBeforeTax?: boolean;

  @Field(() => String, { nullable: true })
  ratePercentage?: string;

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];
}

@InputType('OrderUpdateTaxInput', { description: 'Accepted and ignored.' })
export class OrderUpdateTaxInput extends OrderUpdateAmountFields {
  @Field(() => String, { nullable: true })
  ratePercentage?: string;

  @Field(() => Boolean, { nullable: true })
  included?: boolean;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  exempted?: boolean;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  metafields?: OrderMetafieldInput[];

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  additional?: boolean;
}

@InputType('OrderUpdateShippingLineTotalsInput')
export class OrderUpdateShippingLineTotalsInput {
  @Field(() => OrderUpdateMoneyInput, { nullable: true })
  taxTotal?: OrderUpdateMoneyInput;

  @Field(() => OrderUpdateMoneyInput, { nullable: true })
  subTotal?: OrderUpdateMoneyInput;
}

@InputType('OrderUpdateShippingLineInput', { description: 'Accepted and ignored.' })
export class OrderUpdateShippingLineInput {
  @Field(() => String, { nullable: true })
  id?: string;

  @Field(() => OrderUpdateMoneyInput, { nullable: true })
  amount?: OrderUpdateMoneyInput;

  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => OrderUpdateShippingLineTotalsInput, { nullable: true })
  totals?: OrderUpdateShippingLineTotalsInput;

  @Field(() => String, { nullable: true })
  requestedProvider?: string;

  @Field(() => String, { nullable: true })
  requestedService?: string;

  @Field(() => [OrderUpdateTaxInput], { nullable: true })
  taxes?: OrderUpdateTaxInput[];

  @Field(() => [OrderMetafieldInput], { nullable: true })
  metafields?: OrderMetafieldInput[];

  @Field(() => [OrderExternalIdInput], { nullable: true })
  externalIds?: OrderExternalIdInput[];

  @Field(() => [OrderUpdateDiscountInput], { nullable: true })
  discounts?: OrderUpdateDiscountInput[];

  @Field(() => [OrderUpdateFeeInput], { nullable: true })
  fees?: OrderUpdateFeeInput[];
}

@InputType('LineItemSelectedOptionInput')
export class LineItemSelectedOptionInput {
  @Field()
  @IsString()
  @MaxLength(256)
  attribute!: string;

  @Field(() => [String])
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(256, { each: true })
  values!: string[];
}

@InputType('LineItemSelectedAddonValueInput')
export class LineItemSelectedAddonValueInput {
  @Field()
  @IsString()
  @MaxLength(256)
  name!: string;

  @Field(() => SimpleMoneyInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  amount?: SimpleMoneyInput;

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean()
  amountIncreased?: boolean;

  @Field(() => SimpleMoneyInput)
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  costAdjustment!: SimpleMoneyInput;
}

@InputType('LineItemSelectedAddonInput')
export class LineItemSelectedAddonInput {
  @Field()
  @IsString()
  @MaxLength(256)
  attribute!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  sku?: string;

  @Field(() => [LineItemSelectedAddonValueInput])
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => LineItemSelectedAddonValueInput)
  values!: LineItemSelectedAddonValueInput[];
}

@InputType('LineItemDetailsInput', {
  description: 'Stored on the line; the catalog supplies sku, productAssetUrl and unitOfMeasure when absent.',
})
export class LineItemDetailsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  sku?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  productAssetUrl?: string;

  @Field(() => [LineItemSelectedAddonInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => LineItemSelectedAddonInput)
  selectedAddons?: LineItemSelectedAddonInput[];

  @Field(() => [LineItemSelectedOptionInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => LineItemSelectedOptionInput)
  selectedOptions?: LineItemSelectedOptionInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  unitOfMeasure?: string;
}

@InputType('AddLineItemSelectedAddonsValuesInput')
export class AddLineItemSelectedAddonsValuesInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  optionValueId?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  inputValue?: string;
}

@InputType('AddLineItemSelectedAddonsInput')
export class AddLineItemSelectedAddonsInput {
  @Field()
  @IsString()
  @MaxLength(128)
  optionId!: string;

  @Field(() => [AddLineItemSelectedAddonsValuesInput])
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => AddLineItemSelectedAddonsValuesInput)
  values!: AddLineItemSelectedAddonsValuesInput[];
}

@InputType('AddLineItemDetailsInput', {
  description: 'The add-ons chosen with the SKU: recorded in the line details (selectedAddons), not priced.',
})
export class AddLineItemDetailsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  productAssetUrl?: string;

  @Field(() => [AddLineItemSelectedAddonsInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => AddLineItemSelectedAddonsInput)
  selectedAddons?: AddLineItemSelectedAddonsInput[];
}

/** A note as the public graph's NoteInput / UpdateNoteInput carries it. */
@InputType({ isAbstract: true })
export abstract class PublicNoteFields {
  @Field(() => String, { nullable: true, description: 'Ignored: the author is the account of the token.' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  author?: string;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Ignored: the server sets it.' })
  @IsOptional()
  createdAt?: Date;

  @Field(() => [OrderMetafieldInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OrderMetafieldInput)
  metafields?: OrderMetafieldInput[];

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  referenceId?: string;

  @Field(() => [OrderExternalIdInput], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => OrderExternalIdInput)
  externalIds?: OrderExternalIdInput[];
}

@InputType('UpdateOrderNoteInput', { description: 'A note without id is added; one with an id is ignored.' })
export class UpdateOrderNoteInput extends PublicNoteFields {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  id?: string;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  content!: string;

  @Field(() => OrderNoteAuthorTypeEnum, { nullable: true })
  @IsOptional()
  @IsIn(NOTE_AUTHOR_TYPES)
  authorType?: NoteAuthorType;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Ignored.' })
  @IsOptional()
  deletedAt?: Date;
}
