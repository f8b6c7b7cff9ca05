import { ArgsType, Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  ReferenceValueFilter,
  createStatusFilterInput,
  referenceInputTypes,
  SimpleMoneyInput,
} from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import { IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { NestedFilter, createIdFilterInput, createOrderByInput } from '../records/list-inputs';
import { RateStatus } from './rate.model';

export enum RateOrderField {
  CREATED_AT = 'CREATED_AT',
  UPDATED_AT = 'UPDATED_AT',
  LABEL = 'LABEL',
}
registerEnumType(RateOrderField, { name: 'RateOrderField' });

export const RateIdFilter = createIdFilterInput('RateIdFilter');
export const RateStatusFilter = createStatusFilterInput('RateStatusFilter', RateStatus);
export const RateOrderBy = createOrderByInput('RateOrderBy', RateOrderField);

@InputType('RateValueInput', { description: 'Exactly one of percentage and amount.' })
export class RateValueInput {
  @Field(() => String, {
    nullable: true,
    description:
      'Decimal string ^\\d{1,3}(\\.\\d{1,6})?$, 0 to 100 ("8.875"). Never a number: 8.875 is refused.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(16)
  percentage?: string | null;

  @Field(() => SimpleMoneyInput, { nullable: true, description: 'Fixed amount per unit, in minor units.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => SimpleMoneyInput)
  amount?: SimpleMoneyInput | null;
}

@InputType('MutationCreateRateInput')
export class MutationCreateRateInput {
  @Field()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  label!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  name?: string | null;

  @Field(() => RateValueInput)
  @ValidateNested()
  @Type(() => RateValueInput)
  value!: RateValueInput;

  @Field(() => RateStatus, { nullable: true, description: 'Default ACTIVE.' })
  @IsOptional()
  @IsEnum(RateStatus)
  status?: RateStatus | null;

  @Field(() => ID, {
    nullable: true,
    description: 'The jurisdiction; none applies the rate to every address.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  jurisdictionId?: string | null;
}

@InputType('MutationUpdateRateInput', {
  description:
    'Omitted fields keep their value; null clears a nullable one. Status changes through activateRate/deactivateRate.',
})
export class MutationUpdateRateInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  label?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  name?: string | null;

  @Field(() => RateValueInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => RateValueInput)
  value?: RateValueInput | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  jurisdictionId?: string | null;
}

@ArgsType()
export class QueryRatesArgs extends ConnectionArgs {
  @NestedFilter(RateIdFilter)
  id?: InstanceType<typeof RateIdFilter> | null;

  @NestedFilter(ReferenceValueFilter, 'Only rates with an external reference of this value.')
  referenceValue?: ReferenceValueFilter | null;

  @NestedFilter(RateStatusFilter)
  status?: InstanceType<typeof RateStatusFilter> | null;

  @Field(() => ID, { nullable: true, description: 'Only rates of this jurisdiction.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  jurisdictionId?: string | null;

  @NestedFilter(RateOrderBy)
  orderBy?: InstanceType<typeof RateOrderBy> | null;
}

export const { set: MutationCreateReferencesForRateInput, remove: MutationDeleteReferencesFromRateInput } =
  referenceInputTypes('MutationCreateReferencesForRateInput', 'MutationDeleteReferencesFromRateInput');
