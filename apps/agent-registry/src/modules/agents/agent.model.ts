/** Values of the Agent resource (spec "Agent"; public-counterparts §6). Plain data, no HTTP types. */

export const AGENT_STATUSES = ['PENDING_VALIDATION', 'ACTIVE', 'REVOKED', 'EXPIRED'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** The statuses a registration may be created in (admin CLI `--status`). */
export const REGISTRATION_STATUSES = ['ACTIVE', 'PENDING_VALIDATION'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const AGENT_PROTOCOLS = ['MCP', 'A2A', 'HTTP-API'] as const;
export type AgentProtocol = (typeof AGENT_PROTOCOLS)[number];

export const AGENT_TRANSPORTS = ['STREAMABLE-HTTP', 'JSON-RPC', 'REST'] as const;
export type AgentTransport = (typeof AGENT_TRANSPORTS)[number];

export interface AgentFunction {
  readonly id: string;
  readonly name: string;
  readonly tags: string[];
}

export interface AgentEndpoint {
  readonly agentUrl: string;
  readonly metaDataUrl?: string;
  readonly documentationUrl?: string;
  readonly protocol: AgentProtocol;
  readonly transports: AgentTransport[];
  readonly functions?: AgentFunction[];
}

/**
 * RFC 5280 reason codes a caller may give (docs/agents.md). CERTIFICATE_HOLD and REMOVE_FROM_CRL
 * are not final and SUPERSEDED belongs to a registry-driven renewal, so the registry refuses them
 * (REASON_NOT_PERMITTED); anything else is INVALID_REASON.
 */
export const REVOCATION_REASONS = [
  'UNSPECIFIED',
  'KEY_COMPROMISE',
  'AFFILIATION_CHANGED',
  'CESSATION_OF_OPERATION',
  'PRIVILEGE_WITHDRAWN',
  'AA_COMPROMISE',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
export const REFUSED_REVOCATION_REASONS = [
  'SUPERSEDED',
  'CERTIFICATE_HOLD',
  'REMOVE_FROM_CRL',
  'CA_COMPROMISE',
];

export const DNS_RECORD_TYPES = ['TXT', 'HTTPS', 'TLSA'] as const;
export const DNS_RECORD_PURPOSES = ['DISCOVERY', 'BADGE', 'CERTIFICATE_BINDING'] as const;

/** A DNS record the registry publishes for an agent (ANS DnsRecord). */
export interface DnsRecord {
  readonly name: string;
  readonly type: (typeof DNS_RECORD_TYPES)[number];
  readonly value: string;
  readonly priority: number;
  readonly ttl: number;
  readonly purpose: (typeof DNS_RECORD_PURPOSES)[number];
  readonly required: boolean;
}

/** `ans://v<version>.<agentHost>` (spec "Agent": ansName). */
export function ansNameOf(version: string, agentHost: string): string {
  return `ans://v${version}.${agentHost}`;
}
