import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  createIdListInput,
  referenceInputTypes,
} from '@platform/graphql-subgraph';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
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
import { StringInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** ListTree's create input: `createListTree(input)`. */
@InputType('MutationCreateListTreeInput')
export class MutationCreateListTreeInput {
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

/** `updateListTree`'s input. */
@InputType('MutationUpdateListTreeInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateListTreeInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateListTreeInput) => o.name !== undefined)
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

export const ListTreeIdsFilter = idFilterInput('ListTreeIdsFilter');
export const ListTreeStatusFilter = statusFilterInput('ListTreeStatusFilter');
export const ListTreeOrderBy = orderByInput('ListTreeOrderBy', ['createdAt', 'updatedAt', 'name', 'id']);
export const ListTreeChannelIdFilter = idFilterInput('ListTreeChannelIdFilter');

/** The arguments of `listTrees` and of every connection of ListTree records (their filters apply alike). */
@ArgsType()
export class ListTreeListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => ListTreeIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => ListTreeStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => ListTreeOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => ListTreeChannelIdFilter, 'Only records assigned to one of these channels.')
  channelId?: ValuesFilter | null;
}

const LIST_TREE_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToListTreeInput',
  'MutationRemoveReferencesFromListTreeInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToListTree`'s input. */
export const MutationAddReferencesToListTreeInput = LIST_TREE_REFERENCE_INPUTS.set;
/** `removeReferencesFromListTree`'s input. */
export const MutationRemoveReferencesFromListTreeInput = LIST_TREE_REFERENCE_INPUTS.remove;
export const MutationAddListTreeNodesToListTreeInput = createIdListInput(
  'MutationAddListTreeNodesToListTreeInput',
  'listTreeNodeIds',
  'String',
);
export const MutationRemoveListTreeNodesFromListTreeInput = createIdListInput(
  'MutationRemoveListTreeNodesFromListTreeInput',
  'listTreeNodeIds',
  'String',
);
export const MutationAddChannelsToListTreeInput = createIdListInput(
  'MutationAddChannelsToListTreeInput',
  'channelIds',
  'String',
);
export const MutationRemoveChannelsFromListTreeInput = createIdListInput(
  'MutationRemoveChannelsFromListTreeInput',
  'channelIds',
  'String',
);
