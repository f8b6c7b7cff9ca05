import dns2 from 'dns2';

/**
 * A small authoritative DNS server on 127.0.0.1 (UDP, dns2) for one suite: the "real DNS" a foreign
 * custom domain is checked against (HOSTING_DOMAIN_DNS_SERVERS=127.0.0.1:<port>). Answers CNAME and
 * TXT questions from what the test `publish`es (and has not `withdraw`n); anything else: no answer
 * (NOERROR, empty).
 */
export interface DnsZoneServer {
  /** `127.0.0.1:<port>`, as HOSTING_DOMAIN_DNS_SERVERS takes it. */
  readonly address: string;
  publish(type: 'CNAME' | 'TXT', name: string, value: string): void;
  /** Removes every record of `type` at `name`: the name then answers without it (NOERROR, empty). */
  withdraw(type: 'CNAME' | 'TXT', name: string): void;
  close(): Promise<void>;
}

export async function startDnsZoneServer(): Promise<DnsZoneServer> {
  const records: { type: 'CNAME' | 'TXT'; name: string; value: string }[] = [];
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        const name = question.name.toLowerCase().replace(/\.$/, '');
        for (const record of records) {
          if (record.name !== name) continue;
          if (record.type === 'CNAME' && question.type === Packet.TYPE.CNAME)
            response.answers.push(
              resource({
                name: question.name,
                type: Packet.TYPE.CNAME,
                class: Packet.CLASS.IN,
                ttl: 5,
                domain: record.value,
              }),
            );
          if (record.type === 'TXT' && question.type === Packet.TYPE.TXT)
            response.answers.push(
              resource({
                name: question.name,
                type: Packet.TYPE.TXT,
                class: Packet.CLASS.IN,
                ttl: 5,
                data: record.value,
              }),
            );
        }
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const udp = addresses.udp;
  if (!udp) throw new Error('the DNS server did not listen on UDP');
  return {
    address: `127.0.0.1:${udp.port}`,
    publish: (type, name, value) => records.push({ type, name: name.toLowerCase(), value }),
    withdraw: (type, name) => {
      for (let i = records.length - 1; i >= 0; i -= 1)
        if (records[i].type === type && records[i].name === name.toLowerCase()) records.splice(i, 1);
    },
    close: () => server.close(),
  };
}

/** dns2 encodes plain answer objects (its typings ask for the decoded class's toBuffer too). */
const resource = (answer: Omit<dns2.Packet.Resource, 'toBuffer'>): dns2.Packet.Resource =>
  answer as dns2.Packet.Resource;
