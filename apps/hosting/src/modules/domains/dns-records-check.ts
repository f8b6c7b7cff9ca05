import { Resolver } from 'node:dns/promises';
import { withDeadline } from '@platform/errors';
import type { CheckedDomainRecord, DomainRecord } from './domain-records';

/** Where a foreign domain's records are looked up (HOSTING_DOMAIN_DNS_SERVERS; empty: the system's). */
export interface DnsCheckOptions {
  readonly servers: readonly string[];
  readonly timeoutMs: number;
}

const sameName = (a: string, b: string): boolean =>
  a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/**
 * Looks each needed record up in DNS (node:dns Resolver, the configured servers): a CNAME is FOUND
 * when the name's CNAME is the value, a TXT when one of the name's TXT strings (chunks joined) is the
 * value. Anything else (NXDOMAIN, no data, a timeout, another value) is MISSING.
 */
export async function checkRecordsInDns(
  records: readonly DomainRecord[],
  options: DnsCheckOptions,
): Promise<CheckedDomainRecord[]> {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length) resolver.setServers([...options.servers]);
  const found = async (record: DomainRecord): Promise<boolean> => {
    const lookup =
      record.type === 'CNAME'
        ? resolver.resolveCname(record.name).then((names) => names.some((n) => sameName(n, record.value)))
        : resolver
            .resolveTxt(record.name)
            .then((txts) => txts.some((chunks) => chunks.join('') === record.value));
    return withDeadline(lookup, options.timeoutMs * 2, 'no DNS answer').catch(() => false);
  };
  try {
    return await Promise.all(
      records.map(async (r) => ({
        ...r,
        status: (await found(r)) ? ('FOUND' as const) : ('MISSING' as const),
      })),
    );
  } finally {
    resolver.cancel();
  }
}
