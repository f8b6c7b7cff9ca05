import type { ZoneRecord } from '@platform/domains-client';
import type { DnsRecord } from '../agents/agent.model';

/** The record types whose `priority` is part of the RDATA (SvcPriority, preference). */
const PRIORITY_TYPES: ReadonlySet<string> = new Set(['HTTPS', 'SVCB', 'MX', 'SRV']);

/** A registry record as the domains service takes it: `value` is the RDATA after any priority. */
export function toZoneRecord(record: DnsRecord): ZoneRecord {
  return {
    type: record.type,
    name: record.name,
    data: record.value,
    ttl: record.ttl,
    ...(PRIORITY_TYPES.has(record.type) ? { priority: record.priority } : {}),
  };
}

/** Same record in a zone: the domains service matches removals on (type, name, data) too. */
export function sameZoneRecord(a: ZoneRecord, b: ZoneRecord): boolean {
  return a.type === b.type && a.name.toLowerCase() === b.name.toLowerCase() && a.data === b.data;
}

export const publishChangeId = (agentId: string): string => `publish:${agentId}`;
export const removeChangeId = (agentId: string): string => `remove:${agentId}`;

/** BullMQ refuses `:` in a custom job id, so the job of change `publish:<id>` is `publish-<id>`. */
export const jobIdOf = (changeId: string): string => changeId.replace(':', '-');

/**
 * The domains service keeps change ids of every caller in one namespace (it answers a repeated id
 * with the first outcome), so the registry's are prefixed with its name.
 */
export const domainsChangeIdOf = (changeId: string): string => `agent-registry:${changeId}`;
