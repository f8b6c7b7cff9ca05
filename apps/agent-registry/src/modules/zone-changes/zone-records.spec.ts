import type { DnsRecord } from '../agents/agent.model';
import { domainsChangeIdOf, jobIdOf, publishChangeId, toZoneRecord } from './zone-records';

const record = (over: Partial<DnsRecord>): DnsRecord => ({
  name: '_ans.agent.example.com',
  type: 'TXT',
  value: 'v=ans1',
  priority: 0,
  ttl: 3600,
  purpose: 'DISCOVERY',
  required: true,
  ...over,
});

describe('zone records', () => {
  it('maps value to data and keeps priority only where it is part of the RDATA', () => {
    expect(toZoneRecord(record({}))).toEqual({
      type: 'TXT',
      name: '_ans.agent.example.com',
      data: 'v=ans1',
      ttl: 3600,
    });
    expect(
      toZoneRecord(record({ type: 'HTTPS', name: 'agent.example.com', value: '. alpn=h2', priority: 1 })),
    ).toEqual({
      type: 'HTTPS',
      name: 'agent.example.com',
      data: '. alpn=h2',
      ttl: 3600,
      priority: 1,
    });
    expect(toZoneRecord(record({ type: 'TLSA', value: '3 0 1 ab' }))).not.toHaveProperty('priority');
  });

  it('names the job without the colon BullMQ refuses, and the domains change in the registry namespace', () => {
    const id = publishChangeId('0b7c0f43-9d43-4b7e-9d0a-1f1f1f1f1f1f');
    expect(id).toBe('publish:0b7c0f43-9d43-4b7e-9d0a-1f1f1f1f1f1f');
    expect(jobIdOf(id)).toBe('publish-0b7c0f43-9d43-4b7e-9d0a-1f1f1f1f1f1f');
    expect(domainsChangeIdOf(id)).toBe('agent-registry:publish:0b7c0f43-9d43-4b7e-9d0a-1f1f1f1f1f1f');
  });
});
