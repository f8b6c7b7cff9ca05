import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { SimpleMoney } from '@platform/graphql-subgraph';

export enum TaxExemption {
  BUYER_EXEMPT = 'BUYER_EXEMPT',
  OVERRIDE_EXEMPTION = 'OVERRIDE_EXEMPTION',
}
registerEnumType(TaxExemption, { name: 'TaxExemption' });

export enum TaxRoundingMode {
  HALF_UP_PER_LINE = 'HALF_UP_PER_LINE',
}
registerEnumType(TaxRoundingMode, {
  name: 'TaxRoundingMode',
  description:
    'HALF_UP_PER_LINE: each rate is applied to each line and rounded to the minor unit, halves away from zero; totals are sums.',
});

@ObjectType('CalculationTax', {
  description: 'One rate applied to a line, or (in CalculationResult.taxes) to the whole basket.',
})
export class CalculationTax {
  @Field(() => ID)
  rateId!: string;

  @Field()
  label!: string;

  @Field(() => ID, { nullable: true })
  jurisdictionId!: string | null;

  @Field(() => String, { nullable: true, description: 'The exact percentage, when the rate is one.' })
  percentage!: string | null;

  @Field(() => SimpleMoney, {
    nullable: true,
    description: 'The amount per unit, when the rate is a fixed amount.',
  })
  fixedAmount!: SimpleMoney | null;

  @Field(() => SimpleMoney)
  taxableAmount!: SimpleMoney;

  @Field(() => SimpleMoney)
  amount!: SimpleMoney;
}

@ObjectType('CalculationLine')
export class CalculationLine {
  @Field(() => Int, { description: 'Position of the line in the input, from 0.' })
  index!: number;

  @Field(() => String, { nullable: true, description: "The caller's line reference." })
  id!: string | null;

  @Field(() => ID, { nullable: true, description: 'The classification used; null leaves the line untaxed.' })
  classificationId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The override that governed the line.' })
  overrideId!: string | null;

  @Field(() => TaxExemption, { nullable: true })
  exemption!: TaxExemption | null;

  @Field(() => SimpleMoney, { description: 'Unit amount × quantity.' })
  subtotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  taxTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  total!: SimpleMoney;

  @Field(() => [CalculationTax])
  taxes!: CalculationTax[];
}

@ObjectType('CalculationResult')
export class CalculationResult {
  @Field(() => ID, {
    nullable: true,
    description: 'The recorded calculation (calculateTaxes); null for estimateTaxes.',
  })
  id!: string | null;

  @Field(() => ID, { nullable: true })
  channelId!: string | null;

  @Field()
  currencyCode!: string;

  @Field(() => SimpleMoney)
  subtotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  taxTotal!: SimpleMoney;

  @Field(() => SimpleMoney)
  total!: SimpleMoney;

  @Field(() => [CalculationLine])
  lines!: CalculationLine[];

  @Field(() => [CalculationTax], { description: 'Per rate, summed over the lines.' })
  taxes!: CalculationTax[];

  @Field(() => [ID], { description: 'The jurisdictions covering the address.' })
  jurisdictionIds!: string[];

  @Field(() => TaxRoundingMode)
  roundingMode!: TaxRoundingMode;
}
