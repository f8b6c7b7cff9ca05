import type { DeviceStatus, DeviceType } from './details/store-device.entity';
import type { PhoneType } from './details/store-phone.entity';
import type { GovernmentIdType } from './government-ids/business-government-id.entity';
import type { StoreProcessor, StoreStatus } from './store-processor';

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
