import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { CreatedAtIdKey, PageRequest, PageSlice, readCreatedAtIdPage } from '../paging/paging';
import { ChannelStoreEntity } from './channel-store.entity';
import { ChannelEntity } from './channel.entity';
import { ChannelErrors } from './channels.errors';

/** Filters of the channel list; registration filters apply to one and the same registration. */
export interface ChannelFilter {
  readonly storeId?: string;
  readonly isDefault?: boolean;
  readonly externalChannelId?: string;
}

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
  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    @InjectRepository(ChannelStoreEntity) private readonly registrations: Repository<ChannelStoreEntity>,
  ) {}

  /** One page of visible channels, oldest first (createdAt, then id): 2 queries, 3 with totals. */
  async list(
    accountId: string,
    filter: ChannelFilter,
    page: PageRequest<CreatedAtIdKey>,
  ): Promise<PageSlice<ChannelView>> {
    const base = this.visible(accountId, filter);
    if (filter.externalChannelId !== undefined) {
      base.andWhere('c.externalChannelId = :externalChannelId', {
        externalChannelId: filter.externalChannelId,
      });
    }
    const slice = await readCreatedAtIdPage(base, page);
    return { ...slice, items: await this.withRegistrations(accountId, [...slice.items]) };
  }

  /** A visible channel; 404 CHANNEL_NOT_FOUND otherwise (also for ids that exist but are not visible). */
  async get(accountId: string, channelId: string): Promise<ChannelView> {
    const channel = await this.visible(accountId, {}).andWhere('c.id = :channelId', { channelId }).getOne();
    if (!channel) throw ChannelErrors.channelNotFound();
    const [view] = await this.withRegistrations(accountId, [channel]);
    return view;
  }

  private visible(accountId: string, filter: ChannelFilter): SelectQueryBuilder<ChannelEntity> {
    const conditions = ['cs."channel_id" = "c"."id"', 'b."account_id" = :accountId'];
    const params: Record<string, unknown> = { accountId };
    if (filter.storeId !== undefined) {
      conditions.push('cs."store_id" = :storeId');
      params.storeId = filter.storeId;
    }
    if (filter.isDefault !== undefined) {
      conditions.push('cs."is_default" = :isDefault');
      params.isDefault = filter.isDefault;
    }
    return this.channels.createQueryBuilder('c').where(
      `EXISTS (SELECT 1 FROM "commerce"."channel_stores" cs
        JOIN "commerce"."stores" s ON s."id" = cs."store_id"
        JOIN "commerce"."businesses" b ON b."id" = s."business_id"
        WHERE ${conditions.join(' AND ')})`,
      params,
    );
  }

  /** The visible registrations of all `channels` in one query (no N+1). */
  private async withRegistrations(accountId: string, channels: ChannelEntity[]): Promise<ChannelView[]> {
    if (!channels.length) return [];
    const registrations = await this.registrations
      .createQueryBuilder('cs')
      .innerJoin('cs.store', 's')
      .innerJoin('s.business', 'b')
      .where('cs.channelId IN (:...ids)', { ids: channels.map((c) => c.id) })
      .andWhere('b.accountId = :accountId', { accountId })
      .orderBy('cs.createdAt', 'ASC')
      .addOrderBy('cs.storeId', 'ASC')
      .getMany();
    const byChannel = new Map<string, ChannelStoreEntity[]>();
    for (const r of registrations) byChannel.set(r.channelId, [...(byChannel.get(r.channelId) ?? []), r]);
    return channels.map((channel) => ({ channel, registrations: byChannel.get(channel.id) ?? [] }));
  }
}
