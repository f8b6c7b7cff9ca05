import { ArgsType, Field, InputType } from '@nestjs/graphql';
import { ConnectionArgs, OptionalNestedField, ReferenceValueFilter } from '@platform/graphql-subgraph';
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
import {
  AttributeIdFilter,
  ListIdFilter,
  OptionIdFilter,
  SKUGroupIdFilter,
  SKUIdFilter,
} from '../records/record-id-filters';
import { IntInputField, StringInputField, UrlInputField } from '../records/record-input-fields';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** MediaObject's create input: `createMediaObject(input)`. */
@InputType('MutationCreateMediaObjectInput')
export class MutationCreateMediaObjectInput {
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

  @UrlInputField({ required: true, description: 'Where the media is served (http or https).', max: 2048 })
  url!: string;

  @StringInputField({ description: 'image/png, video/mp4, …', max: 128 })
  mimeType?: string | null;

  @StringInputField({ description: 'Text alternative for accessibility.', max: 512 })
  altText?: string | null;

  @StringInputField({ description: 'IMAGE, VIDEO or the store’s own word.', max: 32 })
  type?: string | null;

  @IntInputField({ description: 'Order among the media of what shows it.' })
  position?: number | null;
}

/** `updateMediaObject`'s input. */
@InputType('MutationUpdateMediaObjectInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateMediaObjectInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateMediaObjectInput) => o.name !== undefined)
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

  @UrlInputField({ description: 'Where the media is served (http or https).', max: 2048 })
  url?: string | null;

  @StringInputField({ description: 'image/png, video/mp4, …', max: 128 })
  mimeType?: string | null;

  @StringInputField({ description: 'Text alternative for accessibility.', max: 512 })
  altText?: string | null;

  @StringInputField({ description: 'IMAGE, VIDEO or the store’s own word.', max: 32 })
  type?: string | null;

  @IntInputField({ description: 'Order among the media of what shows it.' })
  position?: number | null;
}

export const MediaObjectIdsFilter = idFilterInput('MediaObjectIdsFilter');
export const MediaObjectStatusFilter = statusFilterInput('MediaObjectStatusFilter');
export const MediaObjectOrderBy = orderByInput('MediaObjectOrderBy', [
  'createdAt',
  'updatedAt',
  'name',
  'id',
]);

/**
 * The arguments of `mediaObjects` and of every connection of MediaObject records (their filters
 * apply alike).
 */
@ArgsType()
export class MediaObjectListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => MediaObjectIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => MediaObjectStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => MediaObjectOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => SKUIdFilter, 'Only members of these skus.')
  skuId?: ValuesFilter | null;

  @OptionalNestedField(() => SKUGroupIdFilter, 'Only members of these sku groups.')
  skuGroupId?: ValuesFilter | null;

  @OptionalNestedField(() => ListIdFilter, 'Only members of these lists.')
  listId?: ValuesFilter | null;

  @OptionalNestedField(() => OptionIdFilter, 'Only members of these options.')
  optionId?: ValuesFilter | null;

  @OptionalNestedField(() => AttributeIdFilter, 'Only members of these attributes.')
  attributeId?: ValuesFilter | null;
}
