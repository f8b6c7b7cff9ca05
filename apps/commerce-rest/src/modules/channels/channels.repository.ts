import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { CreatedAtIdKey, PageRequest, PageSlice, readCreatedAtIdPage } from '../paging/paging';
import { StoreEntity } from '../stores/store.entity';
import { ChannelStoreEntity } from './channel-store.entity';
import { ChannelEntity } from './channel.entity';

/** Filters of the channel list; registration filters apply to one and the same registration. */
export interface ChannelFilter {
  readonly storeId?: string;
  readonly isDefault?: boolean;
  readonly externalChannelId?: string;
}

export type NewChannel = Pick<ChannelEntity, 'name' | 'type' | 'status' | 'externalChannelId' | 'subType'>;

/**
 * Storage of channels and their registrations to stores. Visibility is one SQL condition: a channel
 * is visible to an account when one of its registrations is to a store of a business the account
 * owns. `transaction(work)` runs `work` with a copy bound to one transaction.
 */
@Injectable()
export class ChannelsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: ChannelsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new ChannelsRepository(manager)));
  }

  /** One page of the channels visible to `accountId`, oldest first (createdAt, then id). */
  findVisiblePage(
    accountId: string,
    filter: ChannelFilter,
    page: PageRequest<CreatedAtIdKey>,
  ): Promise<PageSlice<ChannelEntity>> {
    const base = this.visible(accountId, filter);
    if (filter.externalChannelId !== undefined) {
      base.andWhere('c.externalChannelId = :externalChannelId', {
        externalChannelId: filter.externalChannelId,
      });
    }
    return readCreatedAtIdPage(base, page);
  }

  findVisible(accountId: string, channelId: string): Promise<ChannelEntity | null> {
    return this.visible(accountId, {}).andWhere('c.id = :channelId', { channelId }).getOne();
  }

  /** The registrations of `channelIds` to stores of `accountId`, in one query (no N+1). */
  findVisibleRegistrations(accountId: string, channelIds: readonly string[]): Promise<ChannelStoreEntity[]> {
    return this.manager
      .getRepository(ChannelStoreEntity)
      .createQueryBuilder('cs')
      .innerJoin('cs.store', 's')
      .innerJoin('s.business', 'b')
      .where('cs.channelId IN (:...ids)', { ids: channelIds })
      .andWhere('b.accountId = :accountId', { accountId })
      .orderBy('cs.createdAt', 'ASC')
      .addOrderBy('cs.storeId', 'ASC')
      .getMany();
  }

  /** The store, its row locked until the transaction ends; null when there is no such store. */
  lockStore(storeId: string): Promise<StoreEntity | null> {
    return this.manager
      .getRepository(StoreEntity)
      .findOne({ where: { id: storeId }, lock: { mode: 'pessimistic_write' } });
  }

  insertChannel(channel: NewChannel): Promise<ChannelEntity> {
    const channels = this.manager.getRepository(ChannelEntity);
    return channels.save(channels.create(channel));
  }

  /**
   * Registers the channel to the store as its default: the previous default registration loses
   * its flag first.
   */
  async insertDefaultRegistration(channelId: string, storeId: string): Promise<void> {
    const registrations = this.manager.getRepository(ChannelStoreEntity);
    await registrations.update({ storeId, isDefault: true }, { isDefault: false });
    await registrations.insert({ channelId, storeId, status: 'ENABLED', isDefault: true });
  }

  /** Points the store's defaultChannelId (and, with `retail`, defaultRetailChannelId) to the channel. */
  async setStoreDefaultChannel(storeId: string, channelId: string, retail: boolean): Promise<void> {
    await this.manager
      .getRepository(StoreEntity)
      .update(
        { id: storeId },
        retail
          ? { defaultChannelId: channelId, defaultRetailChannelId: channelId }
          : { defaultChannelId: channelId },
      );
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
    return this.manager
      .getRepository(ChannelEntity)
      .createQueryBuilder('c')
      .where(
        `EXISTS (SELECT 1 FROM "commerce"."channel_stores" cs
        JOIN "commerce"."stores" s ON s."id" = cs."store_id"
        JOIN "commerce"."businesses" b ON b."id" = s."business_id"
        WHERE ${conditions.join(' AND ')})`,
        params,
      );
  }
}
