import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { toBooleanParam } from '@platform/errors';
import { PageQuery } from '../paging/paging.request';

export class ChannelIdParams {
  @ApiProperty({ format: 'uuid', description: 'Channel id' })
  @IsUUID('all', { message: 'channelId must be a uuid' })
  channelId!: string;
}

/** GET /v1/commerce/channels: the spec's filter, the public counterpart's others, common paging. */
export class ChannelListQuery extends PageQuery {
  @ApiPropertyOptional({
    name: 'registeredStores.storeId',
    format: 'uuid',
    description: 'Only channels registered to this store',
  })
  @IsOptional()
  @IsUUID('all', { message: 'registeredStores.storeId must be a uuid' })
  'registeredStores.storeId'?: string;

  @ApiPropertyOptional({
    name: 'registeredStores.default',
    type: Boolean,
    description:
      "Only channels whose registration is (true) or is not (false) its store's default; combined with registeredStores.storeId it applies to that store's registration",
  })
  @IsBoolean({ message: 'registeredStores.default must be true or false' })
  @Transform(toBooleanParam)
  @IsOptional()
  'registeredStores.default'?: boolean;

  @ApiPropertyOptional({ description: "The channel's id at its provider (exact match)", maxLength: 64 })
  @Length(1, 64)
  @IsString()
  @IsOptional()
  externalChannelId?: string;
}
