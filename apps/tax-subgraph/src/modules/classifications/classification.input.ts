import { ArgsType, Field, InputType, PartialType, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs } from '@platform/graphql-subgraph';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { createIdFilterInput, createOrderByInput } from '../shared/list-inputs';

export enum ClassificationOrderField {
  CREATED_AT = 'CREATED_AT',
  UPDATED_AT = 'UPDATED_AT',
  NAME = 'NAME',
}
registerEnumType(ClassificationOrderField, { name: 'ClassificationOrderField' });

export const ClassificationIdFilter = createIdFilterInput('ClassificationIdFilter');
export const ClassificationOrderBy = createOrderByInput('ClassificationOrderBy', ClassificationOrderField);

@InputType('MutationCreateClassificationInput')
export class MutationCreateClassificationInput {
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

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  description?: string | null;
}

@InputType('MutationUpdateClassificationInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateClassificationInput extends PartialType(
  MutationCreateClassificationInput,
  InputType,
) {}

@ArgsType()
export class QueryClassificationsArgs extends ConnectionArgs {
  @Field(() => ClassificationIdFilter, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClassificationIdFilter)
  id?: InstanceType<typeof ClassificationIdFilter> | null;

  @Field(() => ClassificationOrderBy, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ClassificationOrderBy)
  orderBy?: InstanceType<typeof ClassificationOrderBy> | null;
}
