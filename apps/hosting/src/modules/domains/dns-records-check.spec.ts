// The DNS checks of custom domains against real DNS servers on 127.0.0.1: one that answers (dns2,
// test/support) and one that never does (a UDP socket that reads and keeps silent).
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { startDnsZoneServer, type DnsZoneServer } from '../../../test/support/dns-zone-server';
import { checkRecordsInDns, recheckRecordsInDns } from './dns-records-check';
import type { DomainRecord } from './domain-records';

const RECORDS: DomainRecord[] = [
  { type: 'CNAME', name: 'www.example.org', value: 'apps.platform.test' },
  { type: 'TXT', name: '_platform-verify.www.example.org', value: 'platform-verify=abc' },
];

describe('DNS checks of a custom domain’s records', () => {
  let dns: DnsZoneServer;
  let silent: Socket;
  let silentAddress: string;

  beforeAll(async () => {
    dns = await startDnsZoneServer();
    silent = createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    silentAddress = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await dns.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  const answering = () => ({ servers: [dns.address], timeoutMs: 300 });

  it('both published: FOUND, for the check and the re-check alike', async () => {
    dns.publish('CNAME', 'www.example.org', 'apps.platform.test');
    dns.publish('TXT', '_platform-verify.www.example.org', 'platform-verify=abc');
    const expected = RECORDS.map((r) => ({ ...r, status: 'FOUND' }));
    expect(await checkRecordsInDns(RECORDS, answering())).toEqual(expected);
    expect(await recheckRecordsInDns(RECORDS, answering())).toEqual(expected);
  });

  it('a record withdrawn (the server answers without it) or with another value: MISSING, known gone', async () => {
    dns.withdraw('CNAME', 'www.example.org');
    dns.withdraw('TXT', '_platform-verify.www.example.org');
    dns.publish('TXT', '_platform-verify.www.example.org', 'platform-verify=other');
    const expected = [
      { ...RECORDS[0], status: 'MISSING' },
      { ...RECORDS[1], status: 'MISSING' },
    ];
    expect(await recheckRecordsInDns(RECORDS, answering())).toEqual(expected);
    expect(await checkRecordsInDns(RECORDS, answering())).toEqual(expected);
  });

  it('a server that never answers: MISSING for a first check, but nothing to say for a re-check (null)', async () => {
    const options = { servers: [silentAddress], timeoutMs: 200 };
    expect(await checkRecordsInDns(RECORDS, options)).toEqual(
      RECORDS.map((r) => ({ ...r, status: 'MISSING' })),
    );
    expect(await recheckRecordsInDns(RECORDS, options)).toBeNull();
  });
});
