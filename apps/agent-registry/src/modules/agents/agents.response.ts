import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CertificateEntity } from '../pki/certificate.entity';
import { AgentEntity } from './agent.entity';
import {
  AGENT_PROTOCOLS,
  AGENT_STATUSES,
  AGENT_TRANSPORTS,
  AgentEndpoint,
  DNS_RECORD_PURPOSES,
  DNS_RECORD_TYPES,
  DnsRecord,
  REVOCATION_REASONS,
} from './agent.model';

export class LinkResponse {
  @ApiProperty({ example: 'self' }) rel!: string;
  @ApiProperty() href!: string;
}

export class AgentFunctionResponse {
  @ApiProperty({ maxLength: 64 }) id!: string;
  @ApiProperty({ maxLength: 64 }) name!: string;
  @ApiProperty({ type: [String], maxItems: 5 }) tags!: string[];
}

export class AgentEndpointResponse {
  @ApiProperty({ format: 'uri' }) agentUrl!: string;
  @ApiPropertyOptional({ format: 'uri' }) metaDataUrl?: string;
  @ApiPropertyOptional({ format: 'uri' }) documentationUrl?: string;
  @ApiProperty({ enum: AGENT_PROTOCOLS }) protocol!: string;
  @ApiProperty({ enum: AGENT_TRANSPORTS, isArray: true }) transports!: string[];
  @ApiPropertyOptional({ type: [AgentFunctionResponse] }) functions?: AgentFunctionResponse[];
}

/** The Agent resource of the spec, plus providerId and timestamps. Absent optional fields are omitted. */
export class AgentResponse {
  @ApiProperty({ format: 'uuid' }) agentId!: string;
  @ApiProperty() agentDisplayName!: string;
  @ApiPropertyOptional() agentDescription?: string;
  @ApiProperty() agentHost!: string;
  @ApiProperty({ example: 'ans://v1.0.0.agent.example.com' }) ansName!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ enum: AGENT_STATUSES }) agentStatus!: string;
  @ApiProperty() providerId!: string;
  @ApiProperty({ type: [AgentEndpointResponse] }) endpoints!: AgentEndpoint[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'When a PENDING_VALIDATION registration lapses' })
  expiresAt?: string;
  @ApiPropertyOptional({ format: 'date-time' }) revokedAt?: string;
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
}

export class DnsRecordResponse {
  @ApiProperty() name!: string;
  @ApiProperty({ enum: DNS_RECORD_TYPES }) type!: string;
  @ApiProperty() value!: string;
  @ApiProperty() priority!: number;
  @ApiProperty({ example: 3600 }) ttl!: number;
  @ApiProperty({ enum: DNS_RECORD_PURPOSES }) purpose!: string;
  @ApiProperty() required!: boolean;
}

export class AgentRevocationResponse {
  @ApiProperty({ format: 'uuid' }) agentId!: string;
  @ApiProperty() ansName!: string;
  @ApiProperty({ example: 'REVOKED' }) status!: string;
  @ApiProperty({ format: 'date-time' }) revokedAt!: string;
  @ApiProperty({ enum: REVOCATION_REASONS }) reason!: string;
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
  @ApiProperty({ type: [DnsRecordResponse] }) dnsRecordsToRemove!: DnsRecord[];
}

export class AgentCertificateResponse {
  @ApiProperty({ description: 'Lower-case hex' }) serialNumber!: string;
  @ApiProperty() certificatePem!: string;
  @ApiProperty() fingerprintSha256!: string;
  @ApiProperty({ format: 'date-time' }) notBefore!: string;
  @ApiProperty({ format: 'date-time' }) notAfter!: string;
  @ApiProperty({ enum: ['VALID', 'REVOKED'] }) status!: string;
  @ApiPropertyOptional({ format: 'date-time' }) revokedAt?: string;
}

export class AgentCertificatesResponse {
  @ApiProperty({ type: [AgentCertificateResponse] }) items!: AgentCertificateResponse[];
}

export const agentHref = (agentId: string): string => `/v1/agents/${agentId}`;

export function toAgentResponse(a: AgentEntity): AgentResponse {
  return {
    agentId: a.agentId,
    agentDisplayName: a.displayName,
    ...(a.description !== null ? { agentDescription: a.description } : {}),
    agentHost: a.agentHost,
    ansName: a.ansName,
    version: a.version,
    agentStatus: a.status,
    providerId: a.providerId,
    endpoints: a.endpoints,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    ...(a.expiresAt && a.status === 'PENDING_VALIDATION' ? { expiresAt: a.expiresAt.toISOString() } : {}),
    ...(a.revokedAt ? { revokedAt: a.revokedAt.toISOString() } : {}),
    links: [{ rel: 'self', href: agentHref(a.agentId) }],
  };
}

/** Only for a REVOKED agent: its stored revocation, so a repeated revoke answers the same. */
export function toRevocationResponse(a: AgentEntity): AgentRevocationResponse {
  if (a.status !== 'REVOKED' || !a.revokedAt || !a.revocationReason)
    throw new Error(`agent ${a.agentId} is not revoked`);
  return {
    agentId: a.agentId,
    ansName: a.ansName,
    status: a.status,
    revokedAt: a.revokedAt.toISOString(),
    reason: a.revocationReason,
    links: [{ rel: 'agent-details', href: agentHref(a.agentId) }],
    dnsRecordsToRemove: a.dnsRecordsToRemove ?? [],
  };
}

export function toCertificatesResponse(certs: readonly CertificateEntity[]): AgentCertificatesResponse {
  return {
    items: certs.map((c) => ({
      serialNumber: c.serialNumber,
      certificatePem: c.certificatePem,
      fingerprintSha256: c.fingerprintSha256,
      notBefore: c.notBefore.toISOString(),
      notAfter: c.notAfter.toISOString(),
      status: c.revokedAt ? 'REVOKED' : 'VALID',
      ...(c.revokedAt ? { revokedAt: c.revokedAt.toISOString() } : {}),
    })),
  };
}
