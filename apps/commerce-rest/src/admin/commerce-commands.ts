import type { CliCommand } from '@platform/cli';
import type { CommerceAdminContext } from './admin-context';
import { channelCreate } from './channel.commands';
import { storeAttributeSet } from './store-attribute.commands';
import { storeCreate } from './store.commands';

/** The admin CLI nouns commerce owns: store, channel. */
export const COMMERCE_COMMANDS = [
  channelCreate,
  storeAttributeSet,
  storeCreate,
] as unknown as readonly CliCommand<never, CommerceAdminContext>[];
