import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import { ChannelProvisioningService } from '../modules/channels/channel-provisioning.service';
import { CHANNEL_TYPES, ChannelType } from '../modules/channels/channel-types';
import { ChannelsRepository } from '../modules/channels/channels.repository';
import type { CommerceAdminContext } from './admin-context';

export const channelCreate = defineCommand({
  noun: 'channel',
  verb: 'create',
  flags: {
    store: {
      required: true,
      description: 'store the channel is registered to (as its default)',
      format: UUID_FORMAT,
    },
    name: { description: 'channel name, 1 to 128 characters (default: "<store name> default channel")' },
    type: { description: `${CHANNEL_TYPES.join('|')} (default DEFAULT)` },
    'external-id': { description: "the channel's id at its provider, 1 to 64 characters" },
  },
  run(ctx: CommerceAdminContext, flags) {
    const type = flags.type?.toUpperCase();
    if (type !== undefined && !isChannelType(type)) {
      throw new CliError('INVALID_FLAG_VALUE', `--type must be one of ${CHANNEL_TYPES.join(', ')}`);
    }
    return new ChannelProvisioningService(new ChannelsRepository(ctx.dataSource.manager)).createChannel({
      storeId: flags.store,
      name: flags.name,
      type,
      externalChannelId: flags['external-id'],
    });
  },
});

function isChannelType(value: string): value is ChannelType {
  return (CHANNEL_TYPES as readonly string[]).includes(value);
}
