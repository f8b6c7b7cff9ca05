import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DOMAIN_STATUSES, DomainContact, DomainEntity } from './domain.entity';
import type { DomainInclude } from './domains.request';

/** Days after `expires` a lapsed domain can still be renewed (renewDeadline). */
export const RENEWAL_GRACE_DAYS = 30;

const DAY_MS = 86_400_000;

export class AddressMailingResponse {
  @ApiProperty() address1!: string;
  @ApiPropertyOptional() address2?: string;
  @ApiProperty() city!: string;
  @ApiProperty() state!: string;
  @ApiProperty() postalCode!: string;
  @ApiProperty({ description: 'ISO 3166-1 alpha-2' }) country!: string;
}

export class DomainContactResponse {
  @ApiProperty() nameFirst!: string;
  @ApiProperty() nameLast!: string;
  @ApiProperty() email!: string;
  @ApiProperty() phone!: string;
  @ApiPropertyOptional() organization?: string;
  @ApiProperty({ type: AddressMailingResponse }) addressMailing!: AddressMailingResponse;
}

/** The public counterpart's DomainSummary, as GET /v1/domains lists it. */
export class DomainSummaryResponse {
  @ApiProperty({ format: 'uuid' }) domainId!: string;
  @ApiProperty({ example: 'example.com' }) domain!: string;
  @ApiProperty({ enum: DOMAIN_STATUSES }) status!: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Null until registered' })
  expires!: string | null;
  @ApiProperty() renewAuto!: boolean;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: `Last moment a renewal is accepted: expires + ${RENEWAL_GRACE_DAYS} days; null with expires`,
  })
  renewDeadline!: string | null;
  @ApiProperty() locked!: boolean;
  @ApiProperty() privacy!: boolean;
  @ApiProperty({ description: 'Always false in the sandbox' }) transferProtected!: boolean;
  @ApiProperty({ description: 'Always false in the sandbox' }) expirationProtected!: boolean;
  @ApiProperty({ description: 'Always false in the sandbox' }) holdRegistrar!: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

const CONTACT = { type: DomainContactResponse, nullable: true, description: 'Null when none was given' };

/** A listed domain: the summary plus what `includes` asked for. */
export class DomainListItemResponse extends DomainSummaryResponse {
  @ApiPropertyOptional({ description: 'With includes=authCode' }) authCode?: string;
  @ApiPropertyOptional({ type: [String], description: 'With includes=nameServers' }) nameServers?: string[];
  @ApiPropertyOptional({ ...CONTACT, description: 'With includes=contacts' })
  contactRegistrant?: DomainContactResponse | null;
  @ApiPropertyOptional({ ...CONTACT, description: 'With includes=contacts' })
  contactAdmin?: DomainContactResponse | null;
  @ApiPropertyOptional({ ...CONTACT, description: 'With includes=contacts' })
  contactTech?: DomainContactResponse | null;
  @ApiPropertyOptional({ ...CONTACT, description: 'With includes=contacts' })
  contactBilling?: DomainContactResponse | null;
}

/** GET /v1/domains/{domain}: everything about one domain of the caller. */
export class DomainDetailResponse extends DomainSummaryResponse {
  @ApiProperty() authCode!: string;
  @ApiProperty({ type: [String] }) nameServers!: string[];
  @ApiProperty(CONTACT) contactRegistrant!: DomainContactResponse | null;
  @ApiProperty(CONTACT) contactAdmin!: DomainContactResponse | null;
  @ApiProperty(CONTACT) contactTech!: DomainContactResponse | null;
  @ApiProperty(CONTACT) contactBilling!: DomainContactResponse | null;
}

/** GET /internal/v1/domains/{domain} (libs/domains-client `ownerOf`). */
export class DomainOwnerResponse {
  @ApiProperty() domain!: string;
  @ApiProperty({ format: 'uuid' }) accountId!: string;
  @ApiProperty({ enum: DOMAIN_STATUSES }) status!: string;
}

export function toDomainSummary(d: DomainEntity): DomainSummaryResponse {
  return {
    domainId: d.domainId,
    domain: d.domain,
    status: d.status,
    expires: d.expires?.toISOString() ?? null,
    renewAuto: d.renewAuto,
    renewDeadline: d.expires
      ? new Date(d.expires.getTime() + RENEWAL_GRACE_DAYS * DAY_MS).toISOString()
      : null,
    locked: d.locked,
    privacy: d.privacy,
    transferProtected: false,
    expirationProtected: false,
    holdRegistrar: false,
    createdAt: d.createdAt.toISOString(),
  };
}

function contactsOf(
  d: DomainEntity,
): Pick<DomainDetailResponse, 'contactRegistrant' | 'contactAdmin' | 'contactTech' | 'contactBilling'> {
  const c = (contact: DomainContact | undefined): DomainContactResponse | null => contact ?? null;
  return {
    contactRegistrant: c(d.contacts.registrant),
    contactAdmin: c(d.contacts.admin),
    contactTech: c(d.contacts.tech),
    contactBilling: c(d.contacts.billing),
  };
}

export function toDomainListItem(
  d: DomainEntity,
  includes: ReadonlySet<DomainInclude>,
): DomainListItemResponse {
  return {
    ...toDomainSummary(d),
    ...(includes.has('authCode') ? { authCode: d.authCode } : {}),
    ...(includes.has('contacts') ? contactsOf(d) : {}),
    ...(includes.has('nameServers') ? { nameServers: d.nameServers } : {}),
  };
}

export function toDomainDetail(d: DomainEntity): DomainDetailResponse {
  return { ...toDomainSummary(d), authCode: d.authCode, nameServers: d.nameServers, ...contactsOf(d) };
}

export function toDomainOwner(d: DomainEntity): DomainOwnerResponse {
  return { domain: d.domain, accountId: d.accountId, status: d.status };
}
