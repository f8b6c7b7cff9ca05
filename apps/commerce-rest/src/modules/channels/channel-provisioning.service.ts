import { Errors } from '@platform/errors';
import { StoreErrors } from '../stores/stores.errors';
import { CHANNEL_TYPES, ChannelType } from './channel-types';
import { ChannelsRepository } from './channels.repository';

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
  constructor(private readonly channels: ChannelsRepository) {}

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
    return this.channels.transaction(async (tx) => {
      const store = await tx.lockStore(input.storeId);
      if (!store) throw StoreErrors.storeNotFound();
      const channel = await tx.insertChannel({
        name: input.name ?? `${store.displayName} default channel`.slice(0, 128),
        type,
        status: 'ACTIVE',
        externalChannelId: externalChannelId ?? null,
        subType: null,
      });
      await tx.insertDefaultRegistration(channel.id, store.id);
      await tx.setStoreDefaultChannel(store.id, channel.id, type === 'RETAIL');
      return { channelId: channel.id };
    });
  }
}
