import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, Principal, RequiresScopes } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import { CREATED_AT_ID, pageMeta, pageRequest } from '../paging/paging';
import { ChannelIdParams, ChannelListQuery } from './channels.request';
import { ChannelListResponse, ChannelResponse } from './channels.response';
import { ChannelView, ChannelsService } from './channels.service';

const CHANNELS_PATH = '/v1/commerce/channels';

/** Channels the caller's stores are registered to; both reads share one visibility rule. */
@ApiBearerController({ tag: 'channels' })
@RateLimited()
@Controller('v1/commerce/channels')
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  @Get()
  @RequiresScopes('commerce.channel:read')
  @ApiOperation({ summary: 'Channels registered to stores the caller can see, oldest first' })
  @ApiOkResponse({ type: ChannelListResponse })
  @ApiErrorResponses({ 400: 'INVALID_REQUEST: a query parameter is invalid (details[] location query)' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ChannelListQuery,
  ): Promise<ChannelListResponse> {
    const filter = {
      storeId: query['registeredStores.storeId'],
      isDefault: query['registeredStores.default'],
      externalChannelId: query.externalChannelId,
    };
    const page = pageRequest(
      query,
      CREATED_AT_ID,
      `channels\n${principal.accountId}\n${JSON.stringify(filter)}`,
    );
    const slice = await this.channels.list(principal.accountId, filter, page);
    const meta = pageMeta(
      CHANNELS_PATH,
      {
        'registeredStores.storeId': query['registeredStores.storeId'],
        'registeredStores.default': query['registeredStores.default']?.toString(),
        externalChannelId: query.externalChannelId,
      },
      page,
      slice,
    );
    return { items: slice.items.map(toChannelResponse), ...meta };
  }

  @Get(':channelId')
  @RequiresScopes('commerce.channel:read')
  @ApiOperation({
    summary: 'One channel; 404 CHANNEL_NOT_FOUND unless it is registered to a store the caller can see',
  })
  @ApiOkResponse({ type: ChannelResponse })
  @ApiErrorResponses({
    400: 'INVALID_REQUEST: channelId is not a uuid (details[] location path)',
    404: 'CHANNEL_NOT_FOUND: unknown, or registered to none of the caller’s stores (never 401/403)',
  })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: ChannelIdParams,
  ): Promise<ChannelResponse> {
    return toChannelResponse(await this.channels.get(principal.accountId, params.channelId));
  }
}

export function toChannelResponse({ channel, registrations }: ChannelView): ChannelResponse {
  return {
    channelId: channel.id,
    name: channel.name,
    type: channel.type,
    status: channel.status,
    externalChannelId: channel.externalChannelId,
    subType: channel.subType,
    registeredStores: registrations.map((r) => ({
      storeId: r.storeId,
      status: r.status,
      default: r.isDefault,
      links: [{ rel: 'store', href: `/v1/commerce/stores/${r.storeId}`, method: 'GET' }],
    })),
    links: [{ rel: 'self', href: `${CHANNELS_PATH}/${channel.id}`, method: 'GET' }],
    createdAt: channel.createdAt.toISOString(),
    updatedAt: channel.updatedAt.toISOString(),
  };
}
