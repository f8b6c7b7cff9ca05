import { Errors } from '@platform/errors';
import { DataSource } from 'typeorm';
import { StoreEntity } from '../stores/store.entity';
import { StoreErrors } from '../stores/stores.errors';
import { ChannelStoreEntity } from './channel-store.entity';
import { ChannelEntity } from './channel.entity';
import { CHANNEL_TYPES, ChannelType } from './channel-types';

export interface CreateChannelInput {
  storeId: string;
  /** 1 to 128 characters; default "<store display name> default channel" (trimmed to 128). */
  name?: string;
  /** Default DEFAULT: the channel becomes the store's default channel. */
  type?: ChannelType;
  externalChannelId?: string;
}

/**
 * Creates channels (the public API reads them; the admin CLI creates them). A new channel is
 * registered to its store as the store's default channel, in one transaction: the store row is
 * locked, the previous default registration loses its flag, the store's defaultChannelId (and
 * defaultRetailChannelId for a RETAIL channel) points to the new channel.
 */
export class ChannelProvisioningService {
  constructor(private readonly dataSource: DataSource) {}

  async createChannel(input: CreateChannelInput): Promise<{ channelId: string }> {
    const type = input.type ?? 'DEFAULT';
    if (!CHANNEL_TYPES.includes(type)) {
      throw Errors.badRequest(
        'INVALID_CHANNEL_TYPE',
        `type must be one of ${CHANNEL_TYPES.join(', ')}, got "${type}"`,
      );
    }
    if (input.name !== undefined && (input.name.trim() === '' || input.name.length > 128)) {
      throw Errors.badRequest('INVALID_NAME', 'name must be 1 to 128 characters');
    }
    const externalChannelId = input.externalChannelId;
    if (externalChannelId !== undefined && (externalChannelId === '' || externalChannelId.length > 64)) {
      throw Errors.badRequest(
        'INVALID_EXTERNAL_CHANNEL_ID',
        'external channel id must be 1 to 64 characters',
      );
    }
    return this.dataSource.transaction(async (tx) => {
      const stores = tx.getRepository(StoreEntity);
      const store = await stores.findOne({
        where: { id: input.storeId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!store) throw StoreErrors.storeNotFound();
      const channels = tx.getRepository(ChannelEntity);
      const channel = await channels.save(
        channels.create({
          name: input.name ?? `${store.displayName} default channel`.slice(0, 128),
          type,
          status: 'ACTIVE',
          externalChannelId: externalChannelId ?? null,
          subType: null,
        }),
      );
      const registrations = tx.getRepository(ChannelStoreEntity);
      await registrations.update({ storeId: store.id, isDefault: true }, { isDefault: false });
      await registrations.insert({
        channelId: channel.id,
        storeId: store.id,
        status: 'ENABLED',
        isDefault: true,
      });
      await stores.update(
        { id: store.id },
        type === 'RETAIL'
          ? { defaultChannelId: channel.id, defaultRetailChannelId: channel.id }
          : { defaultChannelId: channel.id },
      );
      return { channelId: channel.id };
    });
  }
}
