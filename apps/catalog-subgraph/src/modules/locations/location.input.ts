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
import { SKUIdFilter } from '../records/record-id-filters';
import { BooleanInputField, StringInputField } from '../records/record-input-fields';
import { REFERENCE_INPUT_DESCRIPTIONS } from '../records/record-inputs';
import type { DateRange, RecordListArgs } from '../records/record-list-args';

/** Location's create input: `createLocation(input)`. */
@InputType('MutationCreateLocationInput')
export class MutationCreateLocationInput {
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

  @StringInputField({ description: 'Street address.', max: 256 })
  addressLine1?: string | null;

  @StringInputField({ description: 'City.', max: 128 })
  city?: string | null;

  @StringInputField({ description: 'Postal code.', max: 32 })
  postalCode?: string | null;

  @StringInputField({ description: 'ISO 3166-1 alpha-2 country code.', max: 2 })
  countryCode?: string | null;

  @BooleanInputField({ description: 'Commits may take available stock below zero (backorders).' })
  allowNegativeInventory?: boolean | null;
}

/** `updateLocation`'s input. */
@InputType('MutationUpdateLocationInput', {
  description: 'Omitted fields keep their value; null clears a nullable one.',
})
export class MutationUpdateLocationInput {
  @Field(() => String, { nullable: true, description: '1 to 256 characters; cannot be cleared.' })
  @ValidateIf((o: MutationUpdateLocationInput) => o.name !== undefined)
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

  @StringInputField({ description: 'Street address.', max: 256 })
  addressLine1?: string | null;

  @StringInputField({ description: 'City.', max: 128 })
  city?: string | null;

  @StringInputField({ description: 'Postal code.', max: 32 })
  postalCode?: string | null;

  @StringInputField({ description: 'ISO 3166-1 alpha-2 country code.', max: 2 })
  countryCode?: string | null;

  @BooleanInputField({ description: 'Commits may take available stock below zero (backorders).' })
  allowNegativeInventory?: boolean | null;
}

export const LocationIdsFilter = idFilterInput('LocationIdsFilter');
export const LocationStatusFilter = statusFilterInput('LocationStatusFilter');
export const LocationOrderBy = orderByInput('LocationOrderBy', ['createdAt', 'updatedAt', 'name', 'id']);
export const LocationChannelIdFilter = idFilterInput('LocationChannelIdFilter');

/** The arguments of `locations` and of every connection of Location records (their filters apply alike). */
@ArgsType()
export class LocationListArgs extends ConnectionArgs implements RecordListArgs {
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

  @OptionalNestedField(() => LocationIdsFilter)
  id?: ValuesFilter | null;

  @OptionalNestedField(() => LocationStatusFilter, 'Default: every status but ARCHIVED.')
  status?: ValuesFilter | null;

  @OptionalNestedField(
    () => LocationOrderBy,
    'Default createdAt ASC (a relation: the order members were added in); the id breaks ties.',
  )
  orderBy?: OrderBy | null;

  @OptionalNestedField(() => LocationChannelIdFilter, 'Only records assigned to one of these channels.')
  channelId?: ValuesFilter | null;

  @OptionalNestedField(() => SKUIdFilter, 'Only records holding one of these skus.')
  skuId?: ValuesFilter | null;
}

const LOCATION_REFERENCE_INPUTS = referenceInputTypes(
  'MutationAddReferencesToLocationInput',
  'MutationRemoveReferencesFromLocationInput',
  REFERENCE_INPUT_DESCRIPTIONS,
);
/** `addReferencesToLocation`'s input. */
export const MutationAddReferencesToLocationInput = LOCATION_REFERENCE_INPUTS.set;
/** `removeReferencesFromLocation`'s input. */
export const MutationRemoveReferencesFromLocationInput = LOCATION_REFERENCE_INPUTS.remove;
export const MutationAddChannelsToLocationInput = createIdListInput(
  'MutationAddChannelsToLocationInput',
  'channelIds',
  'String',
);
export const MutationRemoveChannelsFromLocationInput = createIdListInput(
  'MutationRemoveChannelsFromLocationInput',
  'channelIds',
  'String',
);
export const MutationAddSKUsToLocationInput = createIdListInput(
  'MutationAddSKUsToLocationInput',
  'skuIds',
  'String',
);
export const MutationAddSkusToLocationInput = createIdListInput(
  'MutationAddSkusToLocationInput',
  'skuIds',
  'String',
);
export const MutationRemoveSKUsFromLocationInput = createIdListInput(
  'MutationRemoveSKUsFromLocationInput',
  'skuIds',
  'String',
);
export const MutationRemoveSkusFromLocationInput = createIdListInput(
  'MutationRemoveSkusFromLocationInput',
  'skuIds',
  'String',
);
