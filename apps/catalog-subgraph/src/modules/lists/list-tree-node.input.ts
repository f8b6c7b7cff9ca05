import { ArgsType, Field, InputType } from '@nestjs/graphql';
import {
  ConnectionArgs,
  OptionalNestedField,
  ReferenceValueFilter,
  createIdListInput,
  referenceInputTypes,
} from '@platform/graphql-subgraph';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
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
import { ListIdFilter, ListTreeIdFilter } from '../records/record-id-filters';
import { IntInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** ListTreeNode's create input: `createListTreeNode(input)`. */
@InputType('MutationCreateListTreeNodeInput')
export class MutationCreateListTreeNodeInput {
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

  @Field(() => String, { description: 'The tree this node belongs to.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  listTreeId!: string;

  @IntInputField({ description: 'Order among its siblings.' })
  position?: number | null;
}

/** `updateListTreeNode`'s input. */
@InputType('MutationUpdateListTreeNodeInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateListTreeNodeInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateListTreeNodeInput) => o.name !== undefined)
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

  @IntInputField({ description: 'Order among its siblings.' })
  position?: number | null;
}

export const ListTreeNodeIdsFilter = idFilterInput('ListTreeNodeIdsFilter');
export const ListTreeNodeStatusFilter = statusFilterInput('ListTreeNodeStatusFilter');
export const ListTreeNodeOrderBy = orderByInput('ListTreeNodeOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'position',
]);
export const ListTreeNodeParentNodeIdFilter = idFilterInput('ListTreeNodeParentNodeIdFilter');

/**
 * The arguments of `listTreeNodes` and of every connection of ListTreeNode records (their filters
 * apply alike).
 */
@ArgsType()
export class ListTreeNodeListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => ListTreeNodeIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => ListTreeNodeStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => ListTreeNodeOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Only nodes with (true) or without (false) a parent node.',
  })
  @IsOptional()
  @IsBoolean()
  hasParent?: boolean | null;

  @OptionalNestedField(() => ListTreeIdFilter, 'Only the records of these list trees.')
  listTreeId?: ValuesFilter | null;

  @OptionalNestedField(() => ListIdFilter, 'Only records holding one of these lists.')
  listId?: ValuesFilter | null;

  @OptionalNestedField(() => ListTreeNodeParentNodeIdFilter, 'Only members of these parent nodes.')
  parentNodeId?: ValuesFilter | null;
}

const LIST_TREE_NODE_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToListTreeNodeInput',
  'MutationRemoveReferencesFromListTreeNodeInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToListTreeNode`'s input. */
export const MutationAddReferencesToListTreeNodeInput = LIST_TREE_NODE_REFERENCE_INPUTS.set;
/** `removeReferencesFromListTreeNode`'s input. */
export const MutationRemoveReferencesFromListTreeNodeInput = LIST_TREE_NODE_REFERENCE_INPUTS.remove;
export const MutationAddListsToListTreeNodeInput = createIdListInput(
  'MutationAddListsToListTreeNodeInput',
  'listIds',
  'String',
);
export const MutationRemoveListsFromListTreeNodeInput = createIdListInput(
  'MutationRemoveListsFromListTreeNodeInput',
  'listIds',
  'String',
);
export const MutationAddListTreeNodesToParentListTreeNodeInput = createIdListInput(
  'MutationAddListTreeNodesToParentListTreeNodeInput',
  'listTreeNodeIds',
  'String',
);
export const MutationRemoveListTreeNodesFromParentListTreeNodeInput = createIdListInput(
  'MutationRemoveListTreeNodesFromParentListTreeNodeInput',
  'listTreeNodeIds',
  'String',
);
