import type { CliCommand } from '@platform/cli';
import type { CommerceAdminContext } from './admin-context';
import { storeCreate } from './store.commands';

/** The admin CLI nouns commerce owns: store, channel. */
export const COMMERCE_COMMANDS = [storeCreate] as unknown as readonly CliCommand<
  never,
  CommerceAdminContext
>[];
