import { Injectable } from '@nestjs/common';
import type { CreatedAtIdKey, PageRequest, PageSlice } from '../paging/paging';
import type { ChannelStoreEntity } from './channel-store.entity';
import type { ChannelEntity } from './channel.entity';
import { ChannelErrors } from './channels.errors';
import { ChannelFilter, ChannelsRepository } from './channels.repository';

/** A channel with its registrations to the stores the caller can see. */
export interface ChannelView {
  readonly channel: ChannelEntity;
  readonly registrations: readonly ChannelStoreEntity[];
}

/**
 * Channels as an account sees them. The one visibility rule, used by the list and the single read
 * alike (so a channel the caller can list, it can read): a channel is visible when at least one of
 * its registrations is to a store of a business the account owns. Only those registrations are
 * shown; registrations to other accounts' stores are not revealed.
 */
@Injectable()
export class ChannelsService {
  constructor(private readonly channels: ChannelsRepository) {}

  /** One page of visible channels, oldest first (createdAt, then id): 2 queries, 3 with totals. */
  async list(
    accountId: string,
    filter: ChannelFilter,
    page: PageRequest<CreatedAtIdKey>,
  ): Promise<PageSlice<ChannelView>> {
    const slice = await this.channels.findVisiblePage(accountId, filter, page);
    return { ...slice, items: await this.withRegistrations(accountId, [...slice.items]) };
  }

  /** A visible channel; 404 CHANNEL_NOT_FOUND otherwise (also for ids that exist but are not visible). */
  async get(accountId: string, channelId: string): Promise<ChannelView> {
    const channel = await this.channels.findVisible(accountId, channelId);
    if (!channel) throw ChannelErrors.channelNotFound();
    const [view] = await this.withRegistrations(accountId, [channel]);
    return view;
  }

  /** The visible registrations of all `channels` in one query (no N+1). */
  private async withRegistrations(accountId: string, channels: ChannelEntity[]): Promise<ChannelView[]> {
    if (!channels.length) return [];
    const registrations = await this.channels.findVisibleRegistrations(
      accountId,
      channels.map((c) => c.id),
    );
    const byChannel = new Map<string, ChannelStoreEntity[]>();
    for (const r of registrations) byChannel.set(r.channelId, [...(byChannel.get(r.channelId) ?? []), r]);
    return channels.map((channel) => ({ channel, registrations: byChannel.get(channel.id) ?? [] }));
  }
}
