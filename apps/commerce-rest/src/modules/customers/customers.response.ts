import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse, PageEnvelopeResponse } from '../paging/paging.response';

export class CustomerEmailResponse {
  @ApiProperty({ example: 'ada@example.com' })
  email!: string;

  @ApiProperty({ type: String, nullable: true, example: 'work' })
  label!: string | null;

  @ApiProperty({ description: 'The primary e-mail' })
  default!: boolean;
}

export class CustomerPhoneResponse {
  @ApiProperty({ example: '+14155552671' })
  phone!: string;

  @ApiProperty({ type: String, nullable: true, example: 'mobile' })
  label!: string | null;

  @ApiProperty({ description: 'The primary phone' })
  default!: boolean;
}

export class CustomerAddressResponse {
  @ApiProperty({ type: String, nullable: true })
  address1!: string | null;

  @ApiProperty({ type: String, nullable: true })
  address2!: string | null;

  @ApiProperty({ type: String, nullable: true })
  city!: string | null;

  @ApiProperty({ type: String, nullable: true })
  state!: string | null;

  @ApiProperty({ type: String, nullable: true })
  postalCode!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'US' })
  country!: string | null;

  @ApiProperty({ type: String, nullable: true })
  label!: string | null;
}

/** A customer. Every member is always present; one without a value is null. */
export class CustomerResponse {
  @ApiProperty({ format: 'uuid' })
  customerId!: string;

  @ApiProperty({ format: 'uuid' })
  storeId!: string;

  @ApiProperty({ example: 'Ada' })
  firstName!: string;

  @ApiProperty({ example: 'Lovelace' })
  lastName!: string;

  @ApiProperty({ type: String, nullable: true })
  organization!: string | null;

  @ApiProperty({ type: String, nullable: true })
  jobTitle!: string | null;

  @ApiProperty({ type: String, nullable: true })
  nickname!: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The customer's id in the caller's own system" })
  externalIdentifier!: string | null;

  @ApiProperty({ type: [CustomerEmailResponse] })
  emails!: CustomerEmailResponse[];

  @ApiProperty({ type: [CustomerPhoneResponse] })
  phones!: CustomerPhoneResponse[];

  @ApiProperty({ type: [CustomerAddressResponse] })
  addresses!: CustomerAddressResponse[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: [LinkResponse], description: 'rel self' })
  links!: LinkResponse[];
}

/** The public counterpart's envelope: customers[], links[], and totals when totalRequired. */
export class CustomerListResponse extends PageEnvelopeResponse {
  @ApiProperty({ type: [CustomerResponse] })
  customers!: CustomerResponse[];
}
