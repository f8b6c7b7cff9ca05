import { Errors } from '@platform/errors';
import { STORE_PROCESSORS, StoreProcessor } from './store-processor';
import { StoresRepository } from './stores.repository';

export interface CreateStoreInput {
  accountId: string;
  displayName?: string;
  currency?: string;
  timezone?: string;
  attributeKeys?: string[];
  processor?: StoreProcessor;
}

const ATTRIBUTE_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates stores (the public API reads them; the admin CLI creates them). An account gets one
 * default business, made with its first store, in the same transaction.
 */
export class StoreProvisioningService {
  constructor(private readonly stores: StoresRepository) {}

  async createStore(input: CreateStoreInput): Promise<{ storeId: string; businessId: string }> {
    const currency = input.currency ?? 'USD';
    const timezone = input.timezone ?? 'UTC';
    const processor = input.processor ?? 'MOCK';
    const displayName = input.displayName ?? 'My store';
    const attributeKeys = [...new Set(input.attributeKeys ?? [])];
    if (!/^[A-Z]{3}$/.test(currency) || !Intl.supportedValuesOf('currency').includes(currency)) {
      throw Errors.badRequest('INVALID_CURRENCY', `currency must be an ISO 4217 code, got "${currency}"`);
    }
    if (!isTimeZone(timezone))
      throw Errors.badRequest('INVALID_TIMEZONE', `timezone must be an IANA zone, got "${timezone}"`);
    if (!STORE_PROCESSORS.includes(processor))
      throw Errors.badRequest('INVALID_PROCESSOR', `unknown processor ${processor}`);
    if (displayName.length < 1 || displayName.length > 64) {
      throw Errors.badRequest('INVALID_DISPLAY_NAME', 'display name must be 1 to 64 characters');
    }
    const badKey = attributeKeys.find((k) => !ATTRIBUTE_KEY.test(k));
    if (badKey !== undefined)
      throw Errors.badRequest('INVALID_ATTRIBUTE_KEY', `invalid attribute key "${badKey}"`);
    if (!(await this.stores.accountExists(input.accountId))) {
      throw Errors.notFound('no such account', 'ACCOUNT_NOT_FOUND');
    }
    return this.stores.transaction(async (tx) => {
      // One default business per account; the advisory lock keeps concurrent first stores from making two.
      await tx.lockAccountBusinesses(input.accountId);
      const business =
        (await tx.findDefaultBusiness(input.accountId)) ??
        (await tx.insertBusiness(input.accountId, displayName));
      const store = await tx.insertStore({
        businessId: business.id,
        ownerId: input.accountId,
        displayName,
        currency,
        timezone,
        processor,
        acquirer: processor,
        mockProcessor: processor === 'MOCK',
        attributeKeys,
      });
      return { storeId: store.id, businessId: business.id };
    });
  }
}
