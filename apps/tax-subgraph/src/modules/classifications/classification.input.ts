import { ArgsType, Field, InputType, PartialType, registerEnumType } from '@nestjs/graphql';
import { ConnectionArgs, referenceInputTypes } from '@platform/graphql-subgraph';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { NestedFilter, createIdFilterInput, createOrderByInput } from '../records/list-inputs';

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
  @NestedFilter(ClassificationIdFilter)
  id?: InstanceType<typeof ClassificationIdFilter> | null;

  @NestedFilter(ClassificationOrderBy)
  orderBy?: InstanceType<typeof ClassificationOrderBy> | null;
}

export const {
  set: MutationCreateReferencesForClassificationInput,
  remove: MutationDeleteReferencesFromClassificationInput,
} = referenceInputTypes(
  'MutationCreateReferencesForClassificationInput',
  'MutationDeleteReferencesFromClassificationInput',
);
