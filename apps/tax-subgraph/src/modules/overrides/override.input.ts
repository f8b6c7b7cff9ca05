import { ArgsType, Field, ID, InputType, registerEnumType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  ReferenceValueFilter,
  createStatusFilterInput,
  referenceInputTypes,
} from '@platform/graphql-subgraph';
import { IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { NestedFilter, createIdFilterInput, createOrderByInput } from '../records/list-inputs';
import { OverrideStatus, OverrideType } from './override.model';

export enum OverrideOrderField {
  CREATED_AT = 'CREATED_AT',
  UPDATED_AT = 'UPDATED_AT',
  NAME = 'NAME',
}
registerEnumType(OverrideOrderField, { name: 'OverrideOrderField' });

export const OverrideIdFilter = createIdFilterInput('OverrideIdFilter');
export const OverrideStatusFilter = createStatusFilterInput('OverrideStatusFilter', OverrideStatus);
export const OverrideOrderBy = createOrderByInput('OverrideOrderBy', OverrideOrderField);

@InputType('MutationCreateOverrideInput')
export class MutationCreateOverrideInput {
  @Field()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  label?: string | null;

  @Field(() => OverrideType, { nullable: true, description: 'Default RATES.' })
  @IsOptional()
  @IsEnum(OverrideType)
  type?: OverrideType | null;

  @Field(() => OverrideStatus, { nullable: true, description: 'Default ACTIVE.' })
  @IsOptional()
  @IsEnum(OverrideStatus)
  status?: OverrideStatus | null;

  @Field(() => ID, { nullable: true, description: 'Scope of the override; none means every jurisdiction.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  jurisdictionId?: string | null;
}

@InputType('MutationUpdateOverrideInput', {
  description:
    'Omitted fields keep their value; null clears a nullable one. Status changes through activateOverride/deactivateOverride.',
})
export class MutationUpdateOverrideInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  label?: string | null;

  @Field(() => OverrideType, { nullable: true })
  @IsOptional()
  @IsEnum(OverrideType)
  type?: OverrideType | null;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  jurisdictionId?: string | null;
}

@ArgsType()
export class QueryOverridesArgs extends ConnectionArgs {
  @NestedFilter(OverrideIdFilter)
  id?: InstanceType<typeof OverrideIdFilter> | null;

  @NestedFilter(ReferenceValueFilter, 'Only overrides with an external reference of this value.')
  referenceValue?: ReferenceValueFilter | null;

  @NestedFilter(OverrideStatusFilter)
  status?: InstanceType<typeof OverrideStatusFilter> | null;

  @NestedFilter(OverrideOrderBy)
  orderBy?: InstanceType<typeof OverrideOrderBy> | null;
}

export const {
  set: MutationCreateReferencesForOverrideInput,
  remove: MutationDeleteReferencesFromOverrideInput,
} = referenceInputTypes(
  'MutationCreateReferencesForOverrideInput',
  'MutationDeleteReferencesFromOverrideInput',
);
