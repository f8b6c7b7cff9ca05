import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import { StoreProvisioningService } from '../modules/stores/store-provisioning.service';
import { StoresRepository } from '../modules/stores/stores.repository';
import type { CommerceAdminContext } from './admin-context';

export const storeCreate = defineCommand({
  noun: 'store',
  verb: 'create',
  flags: {
    account: { required: true, description: 'owning account id', format: UUID_FORMAT },
    'display-name': { description: 'store name, 1 to 64 characters' },
    currency: { description: 'ISO 4217 currency code (USD)' },
    timezone: { description: 'IANA time zone (UTC)' },
    'attribute-keys': { description: 'comma-separated allow-list of store attribute keys' },
  },
  run(ctx: CommerceAdminContext, flags) {
    const keys = flags['attribute-keys']
      ?.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (flags['attribute-keys'] !== undefined && !keys?.length)
      throw new CliError('INVALID_FLAG_VALUE', '--attribute-keys is empty');
    return new StoreProvisioningService(new StoresRepository(ctx.dataSource.manager)).createStore({
      accountId: flags.account,
      displayName: flags['display-name'],
      currency: flags.currency,
      timezone: flags.timezone,
      attributeKeys: keys,
    });
  },
});
