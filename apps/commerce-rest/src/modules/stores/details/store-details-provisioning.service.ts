import { Injectable } from '@nestjs/common';
import { Errors } from '@platform/errors';
import { SecretBox } from '@platform/crypto';
import type { StoreEntity } from '../store.entity';
import { StoreErrors } from '../stores.errors';
import type { DeviceStatus, DeviceType } from './store-device.entity';
import { PHONE_TYPES, PhoneType } from './store-phone.entity';
import { StoreDetailsRepository } from './store-details.repository';

export interface PhoneInput {
  type?: PhoneType | null;
  countryCode: string;
  nationalNumber: string;
  extensionNumber?: string | null;
}

export interface AddressInput {
  addressLine1?: string | null;
  addressLine2?: string | null;
  addressLine3?: string | null;
  adminArea1?: string | null;
  adminArea2?: string | null;
  adminArea3?: string | null;
  adminArea4?: string | null;
  postalCode?: string | null;
  countryCode: string;
}

export interface DeviceInput {
  type: DeviceType;
  terminalId: string;
  serialNumber?: string | null;
  model?: string | null;
  /** CREATED by default; ACTIVATED sets activatedAt (now, unless given). */
  status?: DeviceStatus;
  activatedAt?: Date | null;
}

export interface ProcessorDataInput {
  name: string;
  value: string;
  /** Decided when written: a sensitive value is kept sealed and never shown again. */
  sensitive: boolean;
}

export interface AgreementInput {
  type: string;
  version: string;
  acceptedAt?: Date;
  acceptedBy?: string | null;
}

export interface BundleInput {
  name: string;
  featureList: string[];
  featureConfig?: Record<string, unknown>;
  type?: string | null;
}

const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** Associated data of a sealed processor data value: it opens only as that entry of that store. */
export function processorDataAssociatedData(storeId: string, name: string): string {
  return `commerce.store_processor_data:${storeId}:${name}`;
}

/**
 * Writes the records behind GET store's optional joins. The public API has no write operation
 * for them (docs/commerce-stores.md): onboarding, device activation and billing would call these;
 * tests use them as data builders. Each method validates its input and answers 400 with a code,
 * or 404 STORE_NOT_FOUND for an unknown store.
 */
@Injectable()
export class StoreDetailsProvisioningService {
  constructor(
    private readonly details: StoreDetailsRepository,
    private readonly box: SecretBox,
  ) {}

  /** Creates or replaces the store's phone. */
  async setPhone(storeId: string, phone: PhoneInput): Promise<void> {
    if (phone.type && !PHONE_TYPES.includes(phone.type)) throw invalid('INVALID_PHONE', 'unknown phone type');
    if (!/^[0-9]{1,3}$/.test(phone.countryCode))
      throw invalid('INVALID_PHONE', 'countryCode must be 1 to 3 digits');
    if (!/^[0-9]{1,14}$/.test(phone.nationalNumber))
      throw invalid('INVALID_PHONE', 'nationalNumber must be 1 to 14 digits');
    if (phone.extensionNumber && !/^[0-9]{1,15}$/.test(phone.extensionNumber))
      throw invalid('INVALID_PHONE', 'extensionNumber must be 1 to 15 digits');
    await this.inStore(storeId, (tx) =>
      tx.upsertPhone({
        storeId,
        type: phone.type ?? null,
        countryCode: phone.countryCode,
        nationalNumber: phone.nationalNumber,
        extensionNumber: phone.extensionNumber ?? null,
      }),
    );
  }

  /** Creates or replaces the store's postal address. */
  async setAddress(storeId: string, address: AddressInput): Promise<void> {
    if (!/^([A-Z]{2}|C2)$/.test(address.countryCode))
      throw invalid('INVALID_ADDRESS', 'countryCode must match ^([A-Z]{2}|C2)$');
    const limits: [keyof AddressInput, number][] = [
      ['addressLine1', 300],
      ['addressLine2', 300],
      ['addressLine3', 100],
      ['adminArea1', 300],
      ['adminArea2', 300],
      ['adminArea3', 100],
      ['adminArea4', 100],
      ['postalCode', 60],
    ];
    for (const [field, max] of limits) {
      if ((address[field]?.length ?? 0) > max)
        throw invalid('INVALID_ADDRESS', `${field} is longer than ${max}`);
    }
    await this.inStore(storeId, (tx) =>
      tx.upsertAddress({
        storeId,
        addressLine1: address.addressLine1 ?? null,
        addressLine2: address.addressLine2 ?? null,
        addressLine3: address.addressLine3 ?? null,
        adminArea1: address.adminArea1 ?? null,
        adminArea2: address.adminArea2 ?? null,
        adminArea3: address.adminArea3 ?? null,
        adminArea4: address.adminArea4 ?? null,
        postalCode: address.postalCode ?? null,
        countryCode: address.countryCode,
      }),
    );
  }

  /** The store's payment attributes become exactly `attributes`. */
  async setPaymentAttributes(storeId: string, attributes: Record<string, string>): Promise<void> {
    const entries = Object.entries(attributes);
    for (const [name, value] of entries) {
      if (!KEY.test(name)) throw invalid('INVALID_ATTRIBUTE_KEY', `invalid payment attribute key "${name}"`);
      if (typeof value !== 'string' || value.length > 256)
        throw invalid(
          'INVALID_ATTRIBUTE_VALUE',
          `payment attribute "${name}" must be a string of at most 256`,
        );
    }
    await this.inStore(storeId, (tx) => tx.replacePaymentAttributes(storeId, entries));
  }

  /** Adds a device; returns its id. */
  async addDevice(storeId: string, device: DeviceInput): Promise<string> {
    if (!device.terminalId || device.terminalId.length > 64)
      throw invalid('INVALID_DEVICE', 'terminalId must be 1 to 64 characters');
    const status = device.status ?? 'CREATED';
    const activatedAt = device.activatedAt ?? (status === 'ACTIVATED' ? new Date() : null);
    return this.inStore(storeId, (tx) =>
      tx.insertDevice({
        storeId,
        type: device.type,
        terminalId: device.terminalId,
        serialNumber: device.serialNumber ?? null,
        model: device.model ?? null,
        status,
        activatedAt,
      }),
    );
  }

  /** The store's processor data becomes exactly `entries`; sensitive values are sealed. */
  async setProcessorData(storeId: string, entries: readonly ProcessorDataInput[]): Promise<void> {
    const names = new Set<string>();
    for (const e of entries) {
      if (!KEY.test(e.name))
        throw invalid('INVALID_PROCESSOR_DATA', `invalid processor data name "${e.name}"`);
      if (names.has(e.name))
        throw invalid('INVALID_PROCESSOR_DATA', `processor data "${e.name}" given twice`);
      if (e.value.length > 1024)
        throw invalid('INVALID_PROCESSOR_DATA', `processor data "${e.name}" is too long`);
      names.add(e.name);
    }
    await this.inStore(storeId, (tx) =>
      tx.replaceProcessorData(
        storeId,
        entries.map((e) => ({
          storeId,
          name: e.name,
          sensitive: e.sensitive,
          value: e.sensitive ? null : e.value,
          valueCiphertext: e.sensitive
            ? this.box.seal(e.value, processorDataAssociatedData(storeId, e.name))
            : null,
        })),
      ),
    );
  }

  /** Records that the store's business accepted an agreement version (idempotent per version). */
  async acceptAgreement(storeId: string, agreement: AgreementInput): Promise<void> {
    if (!agreement.type || agreement.type.length > 64)
      throw invalid('INVALID_AGREEMENT', 'type is 1 to 64 characters');
    if (!agreement.version || agreement.version.length > 32)
      throw invalid('INVALID_AGREEMENT', 'version is 1 to 32 characters');
    await this.inStore(storeId, (tx, store) =>
      tx.insertAgreementIfNew({
        businessId: store.businessId,
        type: agreement.type,
        version: agreement.version,
        acceptedAt: agreement.acceptedAt ?? new Date(),
        acceptedBy: agreement.acceptedBy ?? null,
      }),
    );
  }

  /** Subscribes the store to a bundle (or replaces the bundle of that name); returns its id. */
  async subscribeBundle(storeId: string, bundle: BundleInput): Promise<string> {
    if (!bundle.name || bundle.name.length > 64)
      throw invalid('INVALID_BUNDLE', 'name is 1 to 64 characters');
    if (!bundle.featureList.every((f) => typeof f === 'string' && f.length > 0))
      throw invalid('INVALID_BUNDLE', 'featureList holds non-empty strings');
    return this.inStore(storeId, (tx) =>
      tx.upsertBundle({
        storeId,
        name: bundle.name,
        type: bundle.type ?? null,
        featureList: bundle.featureList,
        featureConfig: bundle.featureConfig ?? {},
      }),
    );
  }

  /** Opens a sealed processor data value (for the processor integration; never for an HTTP answer). */
  async revealProcessorData(storeId: string, name: string): Promise<string | null> {
    const row = await this.details.findProcessorData(storeId, name);
    if (!row) return null;
    if (!row.sensitive || !row.valueCiphertext) return row.value;
    return this.box.open(row.valueCiphertext, processorDataAssociatedData(storeId, name));
  }

  private async inStore<T>(
    storeId: string,
    work: (tx: StoreDetailsRepository, store: StoreEntity) => Promise<T>,
  ): Promise<T> {
    return this.details.transaction(async (tx) => {
      const store = await tx.lockStore(storeId);
      if (!store) throw StoreErrors.storeNotFound();
      return work(tx, store);
    });
  }
}

function invalid(code: string, message: string) {
  return Errors.badRequest(code, message);
}
