import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse, PageEnvelopeResponse } from '../paging/paging.response';
import {
  CHANNEL_STATUSES,
  CHANNEL_STORE_STATUSES,
  CHANNEL_TYPES,
  type ChannelStatus,
  type ChannelStoreStatus,
  type ChannelType,
} from './channel-types';

export class RegisteredStoreResponse {
  @ApiProperty({ format: 'uuid' })
  storeId!: string;

  @ApiProperty({ enum: CHANNEL_STORE_STATUSES, example: 'ENABLED' })
  status!: ChannelStoreStatus;

  @ApiProperty({ description: "Whether this channel is the store's default channel" })
  default!: boolean;

  @ApiProperty({ type: [LinkResponse], description: 'rel store: the store' })
  links!: LinkResponse[];
}

export class ChannelResponse {
  @ApiProperty({ format: 'uuid' })
  channelId!: string;

  @ApiProperty({ maxLength: 128, example: 'Main store online' })
  name!: string;

  @ApiProperty({ enum: CHANNEL_TYPES, example: 'DEFAULT' })
  type!: ChannelType;

  @ApiProperty({ enum: CHANNEL_STATUSES, example: 'ACTIVE' })
  status!: ChannelStatus;

  @ApiProperty({
    type: String,
    maxLength: 64,
    nullable: true,
    description: "The channel's id at its provider",
  })
  externalChannelId!: string | null;

  @ApiProperty({ type: String, maxLength: 256, nullable: true })
  subType!: string | null;

  @ApiProperty({
    type: [RegisteredStoreResponse],
    description: "The channel's registrations to stores the caller can see",
  })
  registeredStores!: RegisteredStoreResponse[];

  @ApiProperty({ type: [LinkResponse], description: 'rel self' })
  links!: LinkResponse[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

export class ChannelListResponse extends PageEnvelopeResponse {
  @ApiProperty({ type: [ChannelResponse] })
  items!: ChannelResponse[];
}
