import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEVICE_STATUSES, DEVICE_TYPES } from './details/store-device.entity';
import { PHONE_TYPES } from './details/store-phone.entity';
import { GOVERNMENT_ID_TYPES } from './government-ids/business-government-id.entity';
import { STORE_PROCESSORS, STORE_STATUSES } from './store-processor';

/** OpenAPI shapes of the Store resource (the handlers return the StoreView these describe). */

export class GovernmentIdResponse {
  @ApiProperty({ description: 'masked but for the last four characters', example: '*****6789' })
  governmentId!: string;
  @ApiProperty({ enum: GOVERNMENT_ID_TYPES }) type!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class PhoneDetailsResponse {
  @ApiProperty({ pattern: '^[0-9]{1,3}$' }) countryCode!: string;
  @ApiProperty({ maxLength: 14 }) nationalNumber!: string;
  @ApiProperty({ maxLength: 15, nullable: true, type: String }) extensionNumber!: string | null;
}

export class PhoneResponse {
  @ApiProperty({ enum: PHONE_TYPES, nullable: true }) type!: string | null;
  @ApiProperty({ type: PhoneDetailsResponse }) details!: PhoneDetailsResponse;
}

export class AddressResponse {
  @ApiProperty({ nullable: true, type: String, maxLength: 300 }) addressLine1!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 300 }) addressLine2!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 100 }) addressLine3!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 300, description: 'ISO 3166-2 style subdivision' })
  adminArea1!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 300, description: 'city or town' })
  adminArea2!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 100 }) adminArea3!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 100 }) adminArea4!: string | null;
  @ApiProperty({ nullable: true, type: String, maxLength: 60 }) postalCode!: string | null;
  @ApiProperty({ pattern: '^([A-Z]{2}|C2)$' }) countryCode!: string;
}

export class StoreAttributeRecordResponse {
  @ApiProperty() name!: string;
  @ApiProperty() value!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'null: persistent' })
  expiresAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class StoreDeviceResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: DEVICE_TYPES }) type!: string;
  @ApiProperty() terminalId!: string;
  @ApiProperty({ nullable: true, type: String }) serialNumber!: string | null;
  @ApiProperty({ nullable: true, type: String }) model!: string | null;
  @ApiProperty({ enum: DEVICE_STATUSES }) status!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) activatedAt!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class BusinessAgreementResponse {
  @ApiProperty({ example: 'MERCHANT_AGREEMENT' }) type!: string;
  @ApiProperty({ example: '2024-01' }) version!: string;
  @ApiProperty({ format: 'date-time' }) acceptedAt!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) acceptedBy!: string | null;
}

export class SubscribedBundleResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ maxLength: 64 }) name!: string;
  @ApiProperty({ type: [String] }) featureList!: string[];
  @ApiProperty({ type: 'object', additionalProperties: true }) featureConfig!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String }) type!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

const DICTIONARY = { type: 'object', additionalProperties: { type: 'string' } } as const;
const ONLY_WHEN = 'only when requested through includeFields / includeField';

/** Spec: Store (commerce). */
export class StoreResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) businessId!: string;
  @ApiProperty({ maxLength: 64 }) displayName!: string;
  @ApiProperty({ enum: STORE_STATUSES }) status!: string;
  @ApiProperty({ example: 'USD', description: 'ISO 4217' }) currency!: string;
  @ApiProperty({ example: 'UTC', description: 'IANA zone' }) timezone!: string;
  @ApiProperty({ enum: STORE_PROCESSORS, nullable: true }) acquirer!: string | null;
  @ApiProperty({ enum: STORE_PROCESSORS }) processor!: string;
  @ApiProperty({ nullable: true, type: String }) externalStoreId!: string | null;
  @ApiProperty() fixedLocation!: boolean;
  @ApiProperty() mockProcessor!: boolean;
  @ApiProperty({ nullable: true, type: Number }) longitude!: number | null;
  @ApiProperty({ nullable: true, type: Number }) latitude!: number | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) defaultChannelId!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) defaultRetailChannelId!: string | null;
  @ApiProperty({ format: 'uuid' }) ownerId!: string;
  @ApiProperty({ type: [GovernmentIdResponse], description: "the business's government ids, masked" })
  governmentIds!: GovernmentIdResponse[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;

  @ApiPropertyOptional({ type: PhoneResponse, nullable: true, description: ONLY_WHEN })
  phone?: PhoneResponse | null;
  @ApiPropertyOptional({ type: AddressResponse, nullable: true, description: ONLY_WHEN })
  address?: AddressResponse | null;
  @ApiPropertyOptional({ ...DICTIONARY, description: `live store attributes; ${ONLY_WHEN}` })
  attributes?: Record<string, string>;
  @ApiPropertyOptional({
    type: [StoreAttributeRecordResponse],
    description: `live attribute records; ${ONLY_WHEN}`,
  })
  storeAttributes?: StoreAttributeRecordResponse[];
  @ApiPropertyOptional({ ...DICTIONARY, description: `payment configuration; ${ONLY_WHEN}` })
  paymentAttributes?: Record<string, string>;
  @ApiPropertyOptional({ type: [StoreDeviceResponse], description: `the store's devices; ${ONLY_WHEN}` })
  storeDevice?: StoreDeviceResponse[];
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: `terminal id of the first-activated active physical terminal; ${ONLY_WHEN}`,
  })
  storeTerminalId?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: `terminal id of the first-activated active device, virtual terminals included; ${ONLY_WHEN}`,
  })
  storeTerminalIdAllVTAndFirstActivated?: string | null;
  @ApiPropertyOptional({
    ...DICTIONARY,
    description: `processor data; values marked sensitive at write time read "********"; ${ONLY_WHEN}`,
  })
  processorData?: Record<string, string>;
  @ApiPropertyOptional({ ...DICTIONARY, description: `processor data not marked sensitive; ${ONLY_WHEN}` })
  processorDataNonSensitive?: Record<string, string>;
  @ApiPropertyOptional({
    type: BusinessAgreementResponse,
    nullable: true,
    description: `the agreement the business accepted last; ${ONLY_WHEN}`,
  })
  businessAgreement?: BusinessAgreementResponse | null;
  @ApiPropertyOptional({ type: [SubscribedBundleResponse], description: ONLY_WHEN })
  subscribedBundles?: SubscribedBundleResponse[];
}
