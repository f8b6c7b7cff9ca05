import type { SecretBox } from '@platform/crypto';
import type { DeviceStatus, DeviceType } from './details/store-device.entity';
import type { PhoneType } from './details/store-phone.entity';
import type { GovernmentIdType } from './government-ids/business-government-id.entity';
import { maskGovernmentId } from './government-ids/government-id-mask';
import { governmentIdAssociatedData } from './government-ids/government-id-sealing';
import type { StoreJoin } from './store-joins';
import type { StoreProcessor, StoreStatus } from './store-processor';
import type { StoreRow } from './stores.repository';

/** What GET store returns (the Store resource), independent of HTTP. Dates are ISO 8601 strings. */
export interface StoreFields {
  id: string;
  businessId: string;
  displayName: string;
  status: StoreStatus;
  currency: string;
  timezone: string;
  acquirer: StoreProcessor | null;
  processor: StoreProcessor;
  externalStoreId: string | null;
  fixedLocation: boolean;
  mockProcessor: boolean;
  longitude: number | null;
  latitude: number | null;
  defaultChannelId: string | null;
  defaultRetailChannelId: string | null;
  ownerId: string;
  /** The business's government ids, masked but for the last four characters. */
  governmentIds: GovernmentIdView[];
  createdAt: string;
  updatedAt: string;
}

export interface GovernmentIdView {
  governmentId: string;
  type: GovernmentIdType;
  createdAt: string;
  updatedAt: string;
}

export interface StorePhoneView {
  type: PhoneType | null;
  details: { countryCode: string; nationalNumber: string; extensionNumber: string | null };
}

export interface StoreAddressView {
  addressLine1: string | null;
  addressLine2: string | null;
  addressLine3: string | null;
  adminArea1: string | null;
  adminArea2: string | null;
  adminArea3: string | null;
  adminArea4: string | null;
  postalCode: string | null;
  countryCode: string;
}

export interface StoreAttributeRecordView {
  name: string;
  value: string;
  /** null for a persistent attribute. */
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface StoreDeviceView {
  id: string;
  type: DeviceType;
  terminalId: string;
  serialNumber: string | null;
  model: string | null;
  status: DeviceStatus;
  activatedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BusinessAgreementView {
  type: string;
  version: string;
  acceptedAt: string;
  acceptedBy: string | null;
}

export interface SubscribedBundleView {
  id: string;
  name: string;
  featureList: string[];
  featureConfig: Record<string, unknown>;
  type: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The value of each optional join; the key is present exactly when the join was requested. */
export interface StoreJoinValues {
  phone: StorePhoneView | null;
  address: StoreAddressView | null;
  attributes: Record<string, string>;
  storeAttributes: StoreAttributeRecordView[];
  paymentAttributes: Record<string, string>;
  storeDevice: StoreDeviceView[];
  storeTerminalId: string | null;
  storeTerminalIdAllVTAndFirstActivated: string | null;
  processorData: Record<string, string>;
  processorDataNonSensitive: Record<string, string>;
  businessAgreement: BusinessAgreementView | null;
  subscribedBundles: SubscribedBundleView[];
}

export type StoreView = StoreFields & Partial<StoreJoinValues>;

/** What processorData shows instead of a value marked sensitive (the spec: secrets are never returned). */
export const SENSITIVE_VALUE_MASK = '********';

function joinValue<K extends StoreJoin>(join: K, raw: unknown): StoreJoinValues[K] {
  // Each sub-select above builds exactly the view's shape; only processorData needs a mapping.
  if (join === 'processorData') {
    const entries = Object.entries((raw ?? {}) as Record<string, string | null>);
    return Object.fromEntries(entries.map(([k, v]) => [k, v ?? SENSITIVE_VALUE_MASK])) as StoreJoinValues[K];
  }
  return raw as StoreJoinValues[K];
}

/** The Store resource of a row of StoresRepository.findStoreForAccount(…, joins). */
export function toStoreView(row: StoreRow, joins: readonly StoreJoin[], box: SecretBox): StoreView {
  const view: StoreView = {
    id: row.id,
    businessId: row.business_id,
    displayName: row.display_name,
    status: row.status,
    currency: row.currency,
    timezone: row.timezone,
    acquirer: row.acquirer,
    processor: row.processor,
    externalStoreId: row.external_store_id,
    fixedLocation: row.fixed_location,
    mockProcessor: row.mock_processor,
    longitude: row.longitude,
    latitude: row.latitude,
    defaultChannelId: row.default_channel_id,
    defaultRetailChannelId: row.default_retail_channel_id,
    ownerId: row.owner_id,
    governmentIds: row.government_ids.map((g) => ({
      governmentId: maskGovernmentId(
        box.open(Buffer.from(g.box, 'hex'), governmentIdAssociatedData(row.business_id, g.type)),
      ),
      type: g.type,
      createdAt: g.createdAt,
      updatedAt: g.updatedAt,
    })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  const joined = view as Partial<StoreJoinValues>;
  for (const join of joins) setJoin(joined, join, joinValue(join, row[`j_${join}`]));
  return view;
}

function setJoin<K extends StoreJoin>(
  view: Partial<StoreJoinValues>,
  join: K,
  value: StoreJoinValues[K],
): void {
  view[join] = value;
}
