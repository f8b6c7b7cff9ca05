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

/** What DNS said of one record: there, not there (an answer without it), or no answer at all. */
type LookupOutcome = 'FOUND' | 'ABSENT' | 'NO_ANSWER';

/** Answers that say the name has no such record (NXDOMAIN, no data of the type). */
const ABSENCE_CODES = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * Looks each needed record up in DNS (node:dns Resolver, the configured servers): a CNAME is FOUND
 * when the name's CNAME is the value, a TXT when one of the name's TXT strings (chunks joined) is the
 * value. Anything else (NXDOMAIN, no data, a timeout, another value) is MISSING.
 */
export async function checkRecordsInDns(
  records: readonly DomainRecord[],
  options: DnsCheckOptions,
): Promise<CheckedDomainRecord[]> {
  const outcomes = await lookUp(records, options);
  return records.map((r, i) => ({ ...r, status: outcomes[i] === 'FOUND' ? 'FOUND' : 'MISSING' }));
}

/**
 * The re-check of an ACTIVE domain's records: each FOUND or MISSING as checkRecordsInDns says, but
 * only when DNS answered for every one (a record MISSING is then known to be gone: NXDOMAIN, no
 * record of the type, or another value). Null when a query got no answer (a timeout, SERVFAIL, a
 * refused query): nothing can be said, and a domain that serves is not taken down for it.
 */
export async function recheckRecordsInDns(
  records: readonly DomainRecord[],
  options: DnsCheckOptions,
): Promise<CheckedDomainRecord[] | null> {
  const outcomes = await lookUp(records, options);
  if (outcomes.includes('NO_ANSWER')) return null;
  return records.map((r, i) => ({ ...r, status: outcomes[i] === 'FOUND' ? 'FOUND' : 'MISSING' }));
}

async function lookUp(records: readonly DomainRecord[], options: DnsCheckOptions): Promise<LookupOutcome[]> {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length) resolver.setServers([...options.servers]);
  const outcome = async (record: DomainRecord): Promise<LookupOutcome> => {
    const lookup =
      record.type === 'CNAME'
        ? resolver.resolveCname(record.name).then((names) => names.some((n) => sameName(n, record.value)))
        : resolver
            .resolveTxt(record.name)
            .then((txts) => txts.some((chunks) => chunks.join('') === record.value));
    return withDeadline(lookup, options.timeoutMs * 2, 'no DNS answer').then(
      (found): LookupOutcome => (found ? 'FOUND' : 'ABSENT'),
      (error: unknown): LookupOutcome =>
        ABSENCE_CODES.has((error as { code?: unknown } | null)?.code as string) ? 'ABSENT' : 'NO_ANSWER',
    );
  };
  try {
    return await Promise.all(records.map(outcome));
  } finally {
    resolver.cancel();
  }
}
