import { Field, ID, InputType, Int } from '@nestjs/graphql';
import { SimpleMoneyInput } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export const MAX_CALCULATION_LINES = 500;

@InputType('TaxAddressInput', { description: 'Where the goods are delivered (or sold, for pickup).' })
export class TaxAddressInput {
  @Field({ description: 'ISO 3166-1 alpha-2.' })
  @IsString()
  @Matches(/^[A-Za-z]{2}$/, { message: 'countryCode must be two letters (ISO 3166-1 alpha-2)' })
  countryCode!: string;

  @Field(() => String, { nullable: true, description: 'ISO 3166-2 subdivision, "CA" or "US-CA".' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  regionCode?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  postalCode?: string | null;
}

@InputType('TaxCalculationLineInput')
export class TaxCalculationLineInput {
  @Field(() => String, { nullable: true, description: "The caller's line reference, echoed in the result." })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  id?: string | null;

  @Field(() => SimpleMoneyInput, { description: 'Unit price in minor units, net of discounts, 0 or more.' })
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  amount!: SimpleMoneyInput;

  @Field(() => Int, { description: '1 to 1,000,000.' })
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  quantity!: number;

  @Field(() => ID, {
    nullable: true,
    description:
      'The classification; without it the line is classified through its SKU, SKU groups and lists.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  classificationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Catalog SKU id, for overrides and classification members.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  skuId?: string | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(128, { each: true })
  skuGroupIds?: string[] | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(128, { each: true })
  listIds?: string[] | null;
}

@InputType('MutationCalculateTaxesInput')
export class MutationCalculateTaxesInput {
  @Field(() => TaxAddressInput)
  @ValidateNested()
  @Type(() => TaxAddressInput)
  address!: TaxAddressInput;

  @Field(() => [TaxCalculationLineInput], {
    description: `1 to ${MAX_CALCULATION_LINES} lines, all in one currency.`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CALCULATION_LINES)
  @ValidateNested({ each: true })
  @Type(() => TaxCalculationLineInput)
  lines!: TaxCalculationLineInput[];

  @Field(() => Boolean, { nullable: true, description: 'The buyer is exempt everywhere: no tax at all.' })
  @IsOptional()
  @IsBoolean()
  taxExempt?: boolean | null;

  @Field(() => [ID], {
    nullable: true,
    description: 'The buyer is exempt in these jurisdictions (exemption certificates).',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  exemptJurisdictionIds?: string[] | null;
}

@InputType('QueryEstimateTaxesInput', {
  description: 'The same basket as calculateTaxes; nothing is recorded.',
})
export class QueryEstimateTaxesInput extends MutationCalculateTaxesInput {}
