import type { AgentEndpoint, DnsRecord } from './agent.model';

/** The TTL the registry publishes its records with (ANS DnsRecord default). */
export const DNS_TTL_SECONDS = 3600;

export interface PublishedAgent {
  readonly agentId: string;
  readonly agentHost: string;
  readonly version: string;
  readonly endpoints: readonly AgentEndpoint[];
}

/**
 * The records the registry publishes for an ACTIVE registration, in the canonical order of ANS
 * (public-counterparts §6.4, ANS_TXT profile): one `_ans` TXT per endpoint (DISCOVERY), the host's
 * HTTPS connection hint (DISCOVERY, shared by every version on the host), the `_ans-badge` TXT
 * (BADGE) pointing at the agent record, and a TLSA 3 0 1 binding of the issued certificate
 * (CERTIFICATE_BINDING; not required, enforced only under DNSSEC). HTTPS and SVCB carry their
 * SvcPriority in `priority` and the rest of the RDATA in `value`; other types have priority 0.
 */
export function publishedRecords(
  agent: PublishedAgent,
  certificateSha256: string,
  publicBaseUrl: string,
): DnsRecord[] {
  const version = `v${agent.version}`;
  const discovery = agent.endpoints.map((e): DnsRecord => ({
    name: `_ans.${agent.agentHost}`,
    type: 'TXT',
    value: `v=ans1; version=${version}; p=${e.protocol.toLowerCase()}; mode=direct; url=${e.agentUrl}`,
    priority: 0,
    ttl: DNS_TTL_SECONDS,
    purpose: 'DISCOVERY',
    required: true,
  }));
  return [
    ...discovery,
    {
      name: agent.agentHost,
      type: 'HTTPS',
      value: '. alpn=h2',
      priority: 1,
      ttl: DNS_TTL_SECONDS,
      purpose: 'DISCOVERY',
      required: true,
    },
    {
      name: `_ans-badge.${agent.agentHost}`,
      type: 'TXT',
      value: `v=ans-badge1; version=${version}; url=${publicBaseUrl}/v1/agents/${agent.agentId}`,
      priority: 0,
      ttl: DNS_TTL_SECONDS,
      purpose: 'BADGE',
      required: true,
    },
    {
      name: `_443._tcp.${agent.agentHost}`,
      type: 'TLSA',
      value: `3 0 1 ${certificateSha256}`,
      priority: 0,
      ttl: DNS_TTL_SECONDS,
      purpose: 'CERTIFICATE_BINDING',
      required: false,
    },
  ];
}

/** The host-wide records: they stay while another ACTIVE version of the host still uses them. */
function isShared(record: DnsRecord, agentHost: string): boolean {
  return record.type === 'HTTPS' && record.name === agentHost;
}

/**
 * What a revocation tells the owner to delete, taken from what was published: the revoked
 * version's `_ans` TXT, badge and TLSA records always (its certificate is now on the CRL), the
 * shared HTTPS record only when no other ACTIVE registration remains on the host.
 */
export function recordsToRemove(
  published: readonly DnsRecord[],
  agentHost: string,
  otherActiveOnHost: boolean,
): DnsRecord[] {
  return published.filter((r) => !otherActiveOnHost || !isShared(r, agentHost));
}
