import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import {
  MAX_ATTRIBUTE_TTL_S,
  MAX_ATTRIBUTE_VALUE_LENGTH,
  StoreAttributesService,
} from '../modules/stores/attributes/store-attributes.service';
import { StoreAttributesRepository } from '../modules/stores/attributes/store-attributes.repository';
import { StoreErrors } from '../modules/stores/stores.errors';
import { StoresRepository } from '../modules/stores/stores.repository';
import type { CommerceAdminContext } from './admin-context';

/**
 * `store attribute set --store ID --name K --value V [--ttl SECONDS]` → `{"storeId","name"}`.
 * The same rules as PUT …/attributes/{attrName}, in the CLI's codes: INVALID_ATTRIBUTE_KEY for a
 * key outside the store's allow-list, INVALID_FLAG_VALUE for a bad value or ttl, STORE_NOT_FOUND.
 */
export const storeAttributeSet = defineCommand({
  noun: 'store',
  verb: 'attribute set',
  flags: {
    store: { required: true, description: 'store id', format: UUID_FORMAT },
    name: { required: true, description: "attribute key, on the store's allow-list" },
    value: { required: true, description: `string value, at most ${MAX_ATTRIBUTE_VALUE_LENGTH} characters` },
    ttl: {
      description: `seconds until the attribute expires, 1 to ${MAX_ATTRIBUTE_TTL_S}`,
      format: { pattern: /^[1-9][0-9]{0,8}$/, name: 'a positive number of seconds' },
    },
  },
  async run(ctx: CommerceAdminContext, flags) {
    if (flags.value.length > MAX_ATTRIBUTE_VALUE_LENGTH)
      throw new CliError(
        'INVALID_FLAG_VALUE',
        `--value must be at most ${MAX_ATTRIBUTE_VALUE_LENGTH} characters`,
      );
    const ttl = flags.ttl === undefined ? undefined : Number(flags.ttl);
    if (ttl !== undefined && ttl > MAX_ATTRIBUTE_TTL_S)
      throw new CliError('INVALID_FLAG_VALUE', `--ttl must be at most ${MAX_ATTRIBUTE_TTL_S} seconds`);
    const store = await new StoresRepository(ctx.dataSource.manager).findById(flags.store);
    if (!store) throw StoreErrors.storeNotFound();
    if (!store.attributeKeys.includes(flags.name)) {
      throw new CliError(
        'INVALID_ATTRIBUTE_KEY',
        `"${flags.name}" is not an attribute key of this store (allowed: ${store.attributeKeys.join(', ') || 'none'})`,
      );
    }
    await new StoreAttributesService(new StoreAttributesRepository(ctx.dataSource.manager)).set(
      store,
      flags.name,
      flags.value,
      ttl,
    );
    return { storeId: store.id, name: flags.name };
  },
});
