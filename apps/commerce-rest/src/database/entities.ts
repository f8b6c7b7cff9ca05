import { BusinessEntity } from '../modules/businesses/business.entity';
import { ChannelStoreEntity } from '../modules/channels/channel-store.entity';
import { ChannelEntity } from '../modules/channels/channel.entity';
import { CustomerListVersionEntity } from '../modules/customers/customer-list-version.entity';
import { CustomerEntity } from '../modules/customers/customer.entity';
import { BusinessAgreementEntity } from '../modules/stores/details/business-agreement.entity';
import { StoreAddressEntity } from '../modules/stores/details/store-address.entity';
import { StoreDeviceEntity } from '../modules/stores/details/store-device.entity';
import { StorePaymentAttributeEntity } from '../modules/stores/details/store-payment-attribute.entity';
import { StorePhoneEntity } from '../modules/stores/details/store-phone.entity';
import { StoreProcessorDataEntity } from '../modules/stores/details/store-processor-data.entity';
import { StoreSubscribedBundleEntity } from '../modules/stores/details/store-subscribed-bundle.entity';
import { StoreAttributeEntity } from '../modules/stores/attributes/store-attribute.entity';
import { BusinessGovernmentIdEntity } from '../modules/stores/government-ids/business-government-id.entity';
import { StoreEntity } from '../modules/stores/store.entity';
import { TransactionEntity } from '../modules/transactions/transaction.entity';

/** Every entity of schema `commerce` (explicit list, no globs). Keep it sorted. */
export const COMMERCE_ENTITIES = [
  BusinessAgreementEntity,
  BusinessEntity,
  BusinessGovernmentIdEntity,
  ChannelEntity,
  ChannelStoreEntity,
  CustomerEntity,
  CustomerListVersionEntity,
  StoreAddressEntity,
  StoreAttributeEntity,
  StoreDeviceEntity,
  StoreEntity,
  StorePaymentAttributeEntity,
  StorePhoneEntity,
  StoreProcessorDataEntity,
  StoreSubscribedBundleEntity,
  TransactionEntity,
];
