import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  createIdListInput,
  referenceInputTypes,
} from '@platform/graphql-subgraph';
import { Type as TransformType } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import {
  CatalogStatus,
  CreatedAtFilter,
  LabelFilter,
  NameFilter,
  PaginationType,
  PaginationTypeField,
  UpdatedAtFilter,
  WritableStatus,
  idFilterInput,
  orderByInput,
  statusFilterInput,
} from '../records/record-filters';
import type { OrderBy, ValuesFilter } from '../records/record-filters';
import { ListIdFilter, ListTreeNodeIdFilter, SKUGroupIdFilter } from '../records/record-id-filters';
import { StringInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS, createReplaceIdsInput } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** List's create input: `createList(input)`. */
@InputType('MutationCreateListInput')
export class MutationCreateListInput {
  @Field(() => String, { description: '1 to 256 characters.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  name!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  label?: string | null;

  @Field(() => CatalogStatus, { nullable: true, description: 'ACTIVE (default) or DRAFT.' })
  @IsOptional()
  @WritableStatus
  status?: CatalogStatus | null;

  @StringInputField({ description: 'Long description.', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;
}

/** `updateList`'s input. */
@InputType('MutationUpdateListInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateListInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateListInput) => o.name !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  label?: string | null;

  @Field(() => CatalogStatus, { nullable: true, description: 'ACTIVE or DRAFT.' })
  @IsOptional()
  @WritableStatus
  status?: CatalogStatus | null;

  @StringInputField({ description: 'Long description.', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;
}

export const ListIdsFilter = idFilterInput('ListIdsFilter');
export const ListStatusFilter = statusFilterInput('ListStatusFilter');
export const ListOrderBy = orderByInput('ListOrderBy', ['createdAt', 'updatedAt', 'name', 'id', 'label']);
export const ListChannelIdFilter = idFilterInput('ListChannelIdFilter');

/** The arguments of `lists` and of every connection of List records (their filters apply alike). */
@ArgsType()
export class ListListArgs extends ConnectionArgs implements RecordListArgs {
  @OptionalNestedField(() => NameFilter)
  name?: NameFilter | null;

  @OptionalNestedField(() => LabelFilter)
  label?: LabelFilter | null;

  @OptionalNestedField(() => CreatedAtFilter)
  createdAt?: DateRange | null;

  @OptionalNestedField(() => UpdatedAtFilter)
  updatedAt?: DateRange | null;

  @OptionalNestedField(
    () => ReferenceValueFilter,
    'Only records with an external reference of this value (none for a kind without references).',
  )
  referenceValue?: ReferenceValueFilter | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;

  @OptionalNestedField(() => ListIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => ListStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => ListOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUGroupIdFilter, 'Only members of these sku groups.')
  skuGroupId?: ValuesFilter | null;

  @OptionalNestedField(() => ListChannelIdFilter, 'Only records assigned to one of these channels.')
  channelId?: ValuesFilter | null;

  @OptionalNestedField(() => ListTreeNodeIdFilter, 'Only members of these list tree nodes.')
  listTreeNodeId?: ValuesFilter | null;
}

/** `SKUGroup.lists`'s arguments: ListListArgs with `id` of the public graph's ListIdFilter. */
@ArgsType()
export class SKUGroupListsArgs extends ListListArgs {
  @Field(() => ListIdFilter, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @TransformType(() => ListIdFilter)
  declare id?: ValuesFilter | null;
}

const LIST_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToListInput',
  'MutationRemoveReferencesFromListInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToList`'s input. */
export const MutationAddReferencesToListInput = LIST_REFERENCE_INPUTS.set;
/** `removeReferencesFromList`'s input. */
export const MutationRemoveReferencesFromListInput = LIST_REFERENCE_INPUTS.remove;
export const MutationAddSkusToListInput = createIdListInput('MutationAddSkusToListInput', 'skuIds', 'String');
export const MutationRemoveSkusFromListInput = createIdListInput(
  'MutationRemoveSkusFromListInput',
  'skuIds',
  'String',
);
export const MutationAddSKUGroupsToListInput = createIdListInput(
  'MutationAddSKUGroupsToListInput',
  'skuGroupIds',
  'String',
);
export const MutationAddSkuGroupsToListInput = createIdListInput(
  'MutationAddSkuGroupsToListInput',
  'skuGroupIds',
  'String',
);
export const MutationRemoveSKUGroupsFromListInput = createIdListInput(
  'MutationRemoveSKUGroupsFromListInput',
  'skuGroupIds',
  'String',
);
export const MutationRemoveSkuGroupsFromListInput = createIdListInput(
  'MutationRemoveSkuGroupsFromListInput',
  'skuGroupIds',
  'String',
);
export const MutationAddMediaObjectsToListInput = createIdListInput(
  'MutationAddMediaObjectsToListInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromListInput = createIdListInput(
  'MutationRemoveMediaObjectsFromListInput',
  'mediaObjectIds',
  'String',
);
export const MutationUpdateListMediaObjectsInput = createReplaceIdsInput(
  'MutationUpdateListMediaObjectsInput',
  'mediaObjectIds',
);
export const MutationAddChannelsToListInput = createIdListInput(
  'MutationAddChannelsToListInput',
  'channelIds',
  'String',
);
export const MutationRemoveChannelsFromListInput = createIdListInput(
  'MutationRemoveChannelsFromListInput',
  'channelIds',
  'String',
);
