import { ArgsType, Field, InputType, PartialType, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs } from '@platform/graphql-subgraph';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { NestedFilter, createIdFilterInput, createOrderByInput } from '../records/list-inputs';

export enum JurisdictionOrderField {
  CREATED_AT = 'CREATED_AT',
  UPDATED_AT = 'UPDATED_AT',
  NAME = 'NAME',
}
registerEnumType(JurisdictionOrderField, { name: 'JurisdictionOrderField' });

export const JurisdictionIdFilter = createIdFilterInput('JurisdictionIdFilter');
export const JurisdictionOrderBy = createOrderByInput('JurisdictionOrderBy', JurisdictionOrderField);

@InputType('MutationCreateJurisdictionInput')
export class MutationCreateJurisdictionInput {
  @Field({ description: 'Unique in the store.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  label?: string | null;

  @Field({ description: 'ISO 3166-1 alpha-2 (any case; stored upper case).' })
  @IsString()
  @Matches(/^[A-Za-z]{2}$/, { message: 'countryCode must be two letters (ISO 3166-1 alpha-2)' })
  countryCode!: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO 3166-2 subdivision, with or without the country ("US-CA" or "CA").',
  })
  @IsOptional()
  @IsString()
  @Matches(/^([A-Za-z]{2}-)?[A-Za-z0-9]{1,3}$/, {
    message: 'regionCode must be an ISO 3166-2 subdivision code such as CA or US-CA',
  })
  regionCode?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9 -]{1,16}$/, {
    message: 'postalCodePrefix must be 1 to 16 letters, digits, spaces or dashes',
  })
  postalCodePrefix?: string | null;
}

@InputType('MutationUpdateJurisdictionInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateJurisdictionInput extends PartialType(
  MutationCreateJurisdictionInput,
  InputType,
) {}

@ArgsType()
export class QueryJurisdictionsArgs extends ConnectionArgs {
  @NestedFilter(JurisdictionIdFilter)
  id?: InstanceType<typeof JurisdictionIdFilter> | null;

  @Field(() => String, { nullable: true, description: 'Only jurisdictions of this country.' })
  @IsOptional()
  @Matches(/^[A-Za-z]{2}$/)
  countryCode?: string | null;

  @NestedFilter(JurisdictionOrderBy)
  orderBy?: InstanceType<typeof JurisdictionOrderBy> | null;
}
