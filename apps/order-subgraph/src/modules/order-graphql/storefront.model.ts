import { Field, ID, ObjectType } from '@nestjs/graphql';
import { SimpleMoney } from '@platform/graphql-subgraph';
import { OrderMetafieldTypeEnum } from './order-enums';

/** The public storefront graph's output types the order subgraph adds (docs/graphql.md, "Order storefront"). */

@ObjectType('OrderMetafield')
export class OrderMetafieldModel {
  @Field(() => String, { nullable: true })
  key!: string | null;

  @Field(() => OrderMetafieldTypeEnum, { nullable: true })
  type!: 'JSON' | null;

  @Field(() => String, { nullable: true })
  value!: string | null;
}

@ObjectType('OrderExternalId')
export class OrderExternalIdModel {
  @Field(() => String, { nullable: true })
  type!: string | null;

  @Field(() => String, { nullable: true })
  value!: string | null;
}

@ObjectType('OrderLink', { description: 'Hypermedia links; the order subgraph has none (always empty).' })
export class OrderLinkModel {
  @Field(() => String, { nullable: true })
  href!: string | null;

  @Field(() => String, { nullable: true })
  method!: string | null;

  @Field(() => String, { nullable: true })
  rel!: string | null;

  @Field(() => String, { nullable: true })
  submissionMediaType!: string | null;

  @Field(() => String, { nullable: true })
  submissionSchema!: string | null;

  @Field(() => String, { nullable: true })
  targetMediaType!: string | null;

  @Field(() => String, { nullable: true })
  targetSchema!: string | null;

  @Field(() => String, { nullable: true })
  title!: string | null;
}

@ObjectType('OrderFee', { description: 'A fee; the storefront charges none (always empty).' })
export class OrderFeeModel {
  @Field(() => SimpleMoney, { nullable: true })
  amount!: SimpleMoney | null;

  @Field(() => Boolean, { nullable: true })
  appliedBeforeTax!: boolean | null;

  @Field(() => [OrderExternalIdModel], { nullable: true })
  externalIds!: OrderExternalIdModel[] | null;

  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field(() => [OrderMetafieldModel], { nullable: true })
  metafields!: OrderMetafieldModel[] | null;

  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => String, { nullable: true })
  ratePercentage!: string | null;

  @Field(() => ID, { nullable: true })
  referenceId!: string | null;
}

/** Fields a line's tax and an order's per-rate tax share. */
@ObjectType({ isAbstract: true })
abstract class TaxFields {
  @Field(() => SimpleMoney, { nullable: true })
  amount!: SimpleMoney | null;

  @Field(() => Boolean, { nullable: true })
  exempted!: boolean | null;

  @Field(() => [OrderExternalIdModel], { nullable: true })
  externalIds!: OrderExternalIdModel[] | null;

  @Field(() => ID, { nullable: true, description: "The tax rate's id in the tax subgraph." })
  id!: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Always false: prices are net of tax.' })
  included!: boolean | null;

  @Field(() => [OrderMetafieldModel], { nullable: true })
  metafields!: OrderMetafieldModel[] | null;

  @Field(() => String, { nullable: true, description: 'The rate label.' })
  name!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Decimal percentage ("8.25"); null for a fixed amount.',
  })
  ratePercentage!: string | null;

  @Field(() => ID, { nullable: true })
  referenceId!: string | null;
}

@ObjectType('LineItemTax', { description: "A tax of a line, from the tax subgraph's calculation." })
export class LineItemTaxModel extends TaxFields {}

@ObjectType('OrderTax', { description: "An order's tax per rate, from the tax subgraph's calculation." })
export class OrderTaxModel extends TaxFields {
  @Field(() => Boolean, { nullable: true })
  additional!: boolean | null;
}

@ObjectType('LineItemSelectedOption')
export class LineItemSelectedOptionModel {
  @Field(() => String, { nullable: true })
  attribute!: string | null;

  @Field(() => [String], { nullable: true })
  values!: string[] | null;
}

@ObjectType('LineItemSelectedAddonValue')
export class LineItemSelectedAddonValueModel {
  @Field(() => SimpleMoney, { nullable: true })
  amount!: SimpleMoney | null;

  @Field(() => Boolean, { nullable: true })
  amountIncreased!: boolean | null;

  @Field(() => SimpleMoney, { nullable: true })
  costAdjustment!: SimpleMoney | null;

  @Field(() => String, { nullable: true })
  name!: string | null;
}

@ObjectType('LineItemSelectedAddon')
export class LineItemSelectedAddonModel {
  @Field(() => String, { nullable: true })
  attribute!: string | null;

  @Field(() => String, { nullable: true })
  sku!: string | null;

  @Field(() => [LineItemSelectedAddonValueModel], { nullable: true })
  values!: LineItemSelectedAddonValueModel[] | null;
}

@ObjectType('LineItemDetails', {
  description: 'What was chosen with the SKU, and what the catalog said about it.',
})
export class LineItemDetailsModel {
  @Field(() => String, {
    nullable: true,
    description: "The catalog's first media URL unless the client gave one.",
  })
  productAssetUrl!: string | null;

  @Field(() => [LineItemSelectedAddonModel], { nullable: true })
  selectedAddons!: LineItemSelectedAddonModel[] | null;

  @Field(() => [LineItemSelectedOptionModel], { nullable: true })
  selectedOptions!: LineItemSelectedOptionModel[] | null;

  @Field(() => String, { nullable: true, description: "The catalog SKU's code." })
  sku!: string | null;

  @Field(() => String, { nullable: true })
  unitOfMeasure!: string | null;
}
