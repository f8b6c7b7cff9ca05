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
import { ListIdFilter } from '../records/record-id-filters';
import { StringInputField, StringListInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS, createReplaceIdsInput } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** SkuGroup's create input: `createSkuGroup(input)`. */
@InputType('MutationCreateSkuGroupInput')
export class MutationCreateSkuGroupInput {
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

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @StringInputField({ description: 'A short label for tight spaces.', max: 128 })
  shortLabel?: string | null;

  @StringInputField({ description: 'PHYSICAL, DIGITAL, SERVICE or the store’s own word.', max: 32 })
  type?: string | null;

  @StringListInputField({ description: 'Free tags, at most 50.', max: 50 })
  tags?: string[] | null;
}

/** `updateSkuGroup`'s input. */
@InputType('MutationUpdateSkuGroupInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateSkuGroupInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateSkuGroupInput) => o.name !== undefined)
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

  @StringInputField({ description: 'Long description (plain text or HTML).', max: 10_000 })
  description?: string | null;

  @StringInputField({ description: 'Long description as HTML.', max: 10_000 })
  htmlDescription?: string | null;

  @StringInputField({ description: 'A short label for tight spaces.', max: 128 })
  shortLabel?: string | null;

  @StringInputField({ description: 'PHYSICAL, DIGITAL, SERVICE or the store’s own word.', max: 32 })
  type?: string | null;

  @StringListInputField({ description: 'Free tags, at most 50.', max: 50 })
  tags?: string[] | null;
}

/** The input of the deprecated `createSKUGroup`: the same fields as MutationCreateSkuGroupInput. */
@InputType('MutationCreateSKUGroupInput')
export class MutationCreateSKUGroupInput extends MutationCreateSkuGroupInput {}

/** The input of the deprecated `updateSKUGroup`: the same fields as MutationUpdateSkuGroupInput. */
@InputType('MutationUpdateSKUGroupInput')
export class MutationUpdateSKUGroupInput extends MutationUpdateSkuGroupInput {}

export const SKUGroupIdsFilter = idFilterInput('SKUGroupIdsFilter');
export const SKUGroupStatusFilter = statusFilterInput('SKUGroupStatusFilter');
export const SKUGroupOrderBy = orderByInput('SKUGroupOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
  'label',
  'lowestPrice',
  'saleCount',
]);
export const SKUGroupTypeFilter = idFilterInput('SKUGroupTypeFilter');
export const SKUGroupChannelIdFilter = idFilterInput('SKUGroupChannelIdFilter');

/** The arguments of `skuGroups` and of every connection of SKUGroup records (their filters apply alike). */
@ArgsType()
export class SKUGroupListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => SKUGroupIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => SKUGroupStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => SKUGroupOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUGroupTypeFilter, 'Only records whose type is one of these.')
  type?: ValuesFilter | null;

  @OptionalNestedField(() => SKUGroupChannelIdFilter, 'Only records assigned to one of these channels.')
  channelId?: ValuesFilter | null;

  @OptionalNestedField(() => ListIdFilter, 'Only members of these lists.')
  listId?: ValuesFilter | null;
}

const SKU_GROUP_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToSkuGroupInput',
  'MutationRemoveReferencesFromSkuGroupInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToSkuGroup`'s input. */
export const MutationAddReferencesToSkuGroupInput = SKU_GROUP_REFERENCE_INPUTS.set;
/** `removeReferencesFromSkuGroup`'s input. */
export const MutationRemoveReferencesFromSkuGroupInput = SKU_GROUP_REFERENCE_INPUTS.remove;

/** The input of the deprecated `addReferencesToSKUGroup`. */
@InputType('MutationAddReferencesToSKUGroupInput')
export class MutationAddReferencesToSKUGroupInput extends MutationAddReferencesToSkuGroupInput {}

/** The input of the deprecated `removeReferencesFromSKUGroup`. */
@InputType('MutationRemoveReferencesFromSKUGroupInput')
export class MutationRemoveReferencesFromSKUGroupInput extends MutationRemoveReferencesFromSkuGroupInput {}
export const MutationAddSKUsToSKUGroupInput = createIdListInput(
  'MutationAddSKUsToSKUGroupInput',
  'skuIds',
  'String',
);
export const MutationAddSkusToSkuGroupInput = createIdListInput(
  'MutationAddSkusToSkuGroupInput',
  'skuIds',
  'String',
);
export const MutationRemoveSKUsFromSKUGroupInput = createIdListInput(
  'MutationRemoveSKUsFromSKUGroupInput',
  'skuIds',
  'String',
);
export const MutationRemoveSkusFromSkuGroupInput = createIdListInput(
  'MutationRemoveSkusFromSkuGroupInput',
  'skuIds',
  'String',
);
export const MutationAddAttributesToSKUGroupInput = createIdListInput(
  'MutationAddAttributesToSKUGroupInput',
  'attributeIds',
  'String',
);
export const MutationAddAttributesToSkuGroupInput = createIdListInput(
  'MutationAddAttributesToSkuGroupInput',
  'attributeIds',
  'String',
);
export const MutationRemoveAttributesFromSKUGroupInput = createIdListInput(
  'MutationRemoveAttributesFromSKUGroupInput',
  'attributeIds',
  'String',
);
export const MutationRemoveAttributesFromSkuGroupInput = createIdListInput(
  'MutationRemoveAttributesFromSkuGroupInput',
  'attributeIds',
  'String',
);
export const MutationAddOptionsToSKUGroupInput = createIdListInput(
  'MutationAddOptionsToSKUGroupInput',
  'optionIds',
  'String',
);
export const MutationAddOptionsToSkuGroupInput = createIdListInput(
  'MutationAddOptionsToSkuGroupInput',
  'optionIds',
  'String',
);
export const MutationRemoveOptionsFromSKUGroupInput = createIdListInput(
  'MutationRemoveOptionsFromSKUGroupInput',
  'optionIds',
  'String',
);
export const MutationRemoveOptionsFromSkuGroupInput = createIdListInput(
  'MutationRemoveOptionsFromSkuGroupInput',
  'optionIds',
  'String',
);
export const MutationAddMediaObjectsToSKUGroupInput = createIdListInput(
  'MutationAddMediaObjectsToSKUGroupInput',
  'mediaObjectIds',
  'String',
);
export const MutationAddMediaObjectsToSkuGroupInput = createIdListInput(
  'MutationAddMediaObjectsToSkuGroupInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromSKUGroupInput = createIdListInput(
  'MutationRemoveMediaObjectsFromSKUGroupInput',
  'mediaObjectIds',
  'String',
);
export const MutationRemoveMediaObjectsFromSkuGroupInput = createIdListInput(
  'MutationRemoveMediaObjectsFromSkuGroupInput',
  'mediaObjectIds',
  'String',
);
export const MutationUpdateSkuGroupMediaObjectsInput = createReplaceIdsInput(
  'MutationUpdateSkuGroupMediaObjectsInput',
  'mediaObjectIds',
);
export const MutationAddChannelsToSKUGroupInput = createIdListInput(
  'MutationAddChannelsToSKUGroupInput',
  'channelIds',
  'String',
);
export const MutationAddChannelsToSkuGroupInput = createIdListInput(
  'MutationAddChannelsToSkuGroupInput',
  'channelIds',
  'String',
);
export const MutationRemoveChannelsFromSKUGroupInput = createIdListInput(
  'MutationRemoveChannelsFromSKUGroupInput',
  'channelIds',
  'String',
);
export const MutationRemoveChannelsFromSkuGroupInput = createIdListInput(
  'MutationRemoveChannelsFromSkuGroupInput',
  'channelIds',
  'String',
);
export const MutationAddSKUGroupToListsInput = createIdListInput(
  'MutationAddSKUGroupToListsInput',
  'listIds',
  'String',
);
export const MutationAddSkuGroupToListsInput = createIdListInput(
  'MutationAddSkuGroupToListsInput',
  'listIds',
  'String',
);
export const MutationRemoveSKUGroupFromListsInput = createIdListInput(
  'MutationRemoveSKUGroupFromListsInput',
  'listIds',
  'String',
);
export const MutationRemoveSkuGroupFromListsInput = createIdListInput(
  'MutationRemoveSkuGroupFromListsInput',
  'listIds',
  'String',
);
