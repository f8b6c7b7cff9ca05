import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse, appPath } from '../apps/apps.response';
import { VARIANTS } from '../runtime';
import type { AppDomain } from './app-domain';

export const domainsPath = (appId: string): string => `${appPath(appId)}/domains`;
export const domainPath = (appId: string, hostname: string): string =>
  `${domainsPath(appId)}/${encodeURIComponent(hostname)}`;

export class DomainRecordResponse {
  @ApiProperty({ enum: ['CNAME', 'TXT'] }) type!: string;
  @ApiProperty({ example: 'shop.example.com', description: 'Fully qualified, no trailing dot' })
  name!: string;
  @ApiProperty({ example: 'apps.developer-platform.test' }) value!: string;
  @ApiProperty({
    enum: ['MISSING', 'FOUND', 'WRITTEN'],
    description:
      'MISSING: the last check did not find it (publish it); FOUND: found in DNS; WRITTEN: the platform wrote it into your zone',
  })
  status!: string;
}

export class DomainFailureResponse {
  @ApiProperty({ example: 'ZONE_CHANGE_REFUSED' }) code!: string;
  @ApiProperty() message!: string;
}

export class DomainResponse {
  @ApiProperty({ example: 'shop.example.com' }) hostname!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiProperty({ enum: VARIANTS }) variant!: string;
  @ApiProperty({
    enum: ['PENDING', 'ACTIVE', 'FAILED'],
    description: 'Open enum. ACTIVE: requests with this Host reach the variant',
  })
  status!: string;
  @ApiPropertyOptional({
    enum: ['PLATFORM_ZONE', 'DNS'],
    description: 'ACTIVE only: records written into your zone on this platform, or found in DNS',
  })
  verifiedBy?: string;
  @ApiProperty({
    type: [DomainRecordResponse],
    description: 'What the domain needs in DNS and what the last check found (MISSING ones are to publish)',
  })
  records!: DomainRecordResponse[];
  @ApiPropertyOptional({ type: DomainFailureResponse, description: 'FAILED only' })
  failure?: DomainFailureResponse;
  @ApiPropertyOptional({ format: 'date-time' }) lastCheckedAt?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'PENDING: the next scheduled check' })
  nextCheckAt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) verifiedAt?: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse], description: 'self, verify, app' }) links!: LinkResponse[];
}

export class DomainListResponse {
  @ApiProperty({ type: [DomainResponse], description: 'Oldest first (at most 20: no paging)' })
  items!: DomainResponse[];
  @ApiProperty({ type: [LinkResponse], description: 'self, app' }) links!: LinkResponse[];
}

const iso = (at: Date | null): string | undefined => (at ? new Date(at).toISOString() : undefined);

export function toDomainResponse(domain: AppDomain): DomainResponse {
  const self = domainPath(domain.appId, domain.hostname);
  return {
    hostname: domain.hostname,
    appId: domain.appId,
    variant: domain.variant,
    status: domain.status,
    ...(domain.verifiedBy ? { verifiedBy: domain.verifiedBy } : {}),
    records: domain.records.map((r) => ({ type: r.type, name: r.name, value: r.value, status: r.status })),
    ...(domain.failure ? { failure: domain.failure } : {}),
    lastCheckedAt: iso(domain.lastCheckedAt),
    nextCheckAt: iso(domain.nextCheckAt),
    verifiedAt: iso(domain.verifiedAt),
    createdAt: new Date(domain.createdAt).toISOString(),
    updatedAt: new Date(domain.updatedAt).toISOString(),
    links: [
      { rel: 'self', href: self },
      { rel: 'verify', href: `${self}/verify` },
      { rel: 'app', href: appPath(domain.appId) },
    ],
  };
}

export function toDomainListResponse(appId: string, domains: AppDomain[]): DomainListResponse {
  return {
    items: domains.map(toDomainResponse),
    links: [
      { rel: 'self', href: domainsPath(appId) },
      { rel: 'app', href: appPath(appId) },
    ],
  };
}
