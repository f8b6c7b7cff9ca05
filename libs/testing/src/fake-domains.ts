import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';

/** A record as the fake holds it: fully qualified name, as the callers send it. */
export interface FakeZoneRecord {
  readonly type: string;
  readonly name: string;
  readonly data: string;
  readonly ttl: number;
  readonly priority?: number;
}

/** ACTIVE, DECLINING or NONE, as GET /internal/v1/accounts/{accountId}/payment-profile answers. */
export type FakePaymentProfile = 'ACTIVE' | 'DECLINING' | 'NONE';

/** A purchase as the fake holds it (libs/contracts DomainPurchase plus its account and years). */
export interface FakeDomainPurchase {
  readonly accountId: string;
  readonly reference: string;
  readonly orderId: string;
  readonly domain: string;
  readonly periodYears: number;
  status: 'PENDING' | 'COMPLETED' | 'FAILED';
  failureCode: string | null;
}

/** The TLDs the sandbox registry sells (apps/domains sandbox-registry.ts); others are UNSUPPORTED_TLD. */
export const FAKE_DOMAINS_TLDS: readonly string[] = ['com', 'net', 'org', 'io', 'dev', 'app', 'shop', 'ai'];

/**
 * A stand-in for the domains service's internal API (see libs/domains-client), for the suites of
 * the services that call it (an app cannot import another app):
 * `GET /internal/v1/domains/{domain}`, `POST /internal/v1/zone-changes`,
 * `POST /internal/v1/domains/availability`, `GET /internal/v1/accounts/{id}/payment-profile`,
 * `POST /internal/v1/accounts/{id}/domain-purchases` and `GET …/domain-purchases/{reference}`.
 * Checks the internal credential like the real one; a zone change is applied once per changeId;
 * `answerWith` forces a status (500, 503…).
 *
 * Availability: a name is available unless an account holds it (`own`), it is taken elsewhere
 * (`take`) or a purchase of it is PENDING; a malformed name is INVALID_FORMAT, a TLD not in
 * FAKE_DOMAINS_TLDS is UNSUPPORTED_TLD. A purchase answers 202 PENDING (the same reference, the
 * same purchase; another domain or period under it: 422 REFERENCE_MISMATCH; a name not available:
 * 409 DOMAIN_NOT_AVAILABLE) and settles the first time it is read back, unless `holdPurchases(true)`:
 * by the account's payment profile then, ACTIVE → COMPLETED and the domain ACTIVE for the account,
 * DECLINING → FAILED `BILLING_DECLINED`, NONE → FAILED `NO_PAYMENT_PROFILE`, as the real worker does.
 */
export interface FakeDomains {
  readonly url: string;
  /** Every call the fake answered, in order. */
  readonly calls: { method: string; path: string; body: unknown }[];
  /** Gives `domain` (and its zone) to `accountId`, status ACTIVE unless told. */
  own(accountId: string, domain: string, status?: string): void;
  /** The zone of `domain`, fully qualified names, in insertion order. */
  records(domain: string): FakeZoneRecord[];
  answerWith(status: number | undefined): void;
  /** The account's payment profile (NONE by default). */
  setPaymentProfile(accountId: string, status: FakePaymentProfile): void;
  /** Makes `domain` registered elsewhere: not available, owned by no account. */
  take(domain: string): void;
  /** While held, purchases stay PENDING when read; released, they settle on their next read. */
  holdPurchases(hold: boolean): void;
  /** Every purchase placed, in order (live objects). */
  purchases(): FakeDomainPurchase[];
  close(): Promise<void>;
}

interface ChangeBody {
  changeId: string;
  accountId: string;
  add: FakeZoneRecord[];
  remove: FakeZoneRecord[];
}

const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const same = (a: FakeZoneRecord, b: FakeZoneRecord): boolean =>
  a.type === b.type && a.name.toLowerCase() === b.name.toLowerCase() && a.data === b.data;

export async function startFakeDomains(internalCredential: string): Promise<FakeDomains> {
  const owners = new Map<string, { accountId: string; status: string }>();
  const zones = new Map<string, FakeZoneRecord[]>();
  const applied = new Map<string, unknown>();
  const calls: FakeDomains['calls'] = [];
  const profiles = new Map<string, FakePaymentProfile>();
  const takenElsewhere = new Set<string>();
  const purchases = new Map<string, FakeDomainPurchase>();
  let held = false;
  let forced: number | undefined;

  const canonical = (name: string): string => name.toLowerCase().replace(/\.$/, '');

  /** null when the name can be checked, else its error (as the real service words its codes). */
  function nameError(name: string): { code: string; message: string } | null {
    if (!DOMAIN_NAME.test(name)) return { code: 'INVALID_FORMAT', message: 'not a domain name' };
    if (!FAKE_DOMAINS_TLDS.includes(name.slice(name.lastIndexOf('.') + 1)))
      return { code: 'UNSUPPORTED_TLD', message: 'the sandbox registry does not sell this TLD' };
    return null;
  }

  function available(name: string): boolean {
    if (owners.has(name) || takenElsewhere.has(name)) return false;
    return ![...purchases.values()].some((p) => p.domain === name && p.status === 'PENDING');
  }

  function settle(purchase: FakeDomainPurchase): void {
    if (held || purchase.status !== 'PENDING') return;
    const profile = profiles.get(purchase.accountId) ?? 'NONE';
    if (profile === 'ACTIVE') {
      purchase.status = 'COMPLETED';
      owners.set(purchase.domain, { accountId: purchase.accountId, status: 'ACTIVE' });
      if (!zones.has(purchase.domain)) zones.set(purchase.domain, []);
    } else {
      purchase.status = 'FAILED';
      purchase.failureCode = profile === 'DECLINING' ? 'BILLING_DECLINED' : 'NO_PAYMENT_PROFILE';
    }
  }

  const view = (p: FakeDomainPurchase) => ({
    reference: p.reference,
    orderId: p.orderId,
    domain: p.domain,
    status: p.status,
    failureCode: p.failureCode,
  });

  function place(res: ServerResponse, accountId: string, body: unknown): void {
    const b = (body ?? {}) as { reference?: unknown; domain?: unknown; periodYears?: unknown };
    const periodYears = b.periodYears;
    if (
      typeof b.reference !== 'string' ||
      !/^[A-Za-z0-9._:~-]{1,200}$/.test(b.reference) ||
      typeof b.domain !== 'string' ||
      typeof periodYears !== 'number' ||
      !Number.isInteger(periodYears) ||
      periodYears < 1 ||
      periodYears > 10
    )
      return answer(res, 400, { code: 'INVALID_BODY', message: 'reference, domain and periodYears (1..10)' });
    const domain = canonical(b.domain);
    const key = `${accountId} ${b.reference}`;
    const previous = purchases.get(key);
    if (previous)
      return previous.domain === domain && previous.periodYears === periodYears
        ? answer(res, 202, view(previous))
        : answer(res, 422, { code: 'REFERENCE_MISMATCH', message: 'reference already used' });
    const error = nameError(domain);
    if (error) return answer(res, error.code === 'INVALID_FORMAT' ? 400 : 422, error);
    if (!available(domain))
      return answer(res, 409, { code: 'DOMAIN_NOT_AVAILABLE', message: `${domain} is not available` });
    const purchase: FakeDomainPurchase = {
      accountId,
      reference: b.reference,
      orderId: randomUUID(),
      domain,
      periodYears,
      status: 'PENDING',
      failureCode: null,
    };
    purchases.set(key, purchase);
    answer(res, 202, view(purchase));
  }

  function zoneOf(accountId: string, name: string): string | undefined {
    const labels = name.toLowerCase().split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      const candidate = labels.slice(i).join('.');
      const owner = owners.get(candidate);
      if (owner && owner.accountId === accountId && owner.status === 'ACTIVE') return candidate;
    }
    return undefined;
  }

  function answer(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  function handle(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const url = req.url ?? '';
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    calls.push({ method: req.method ?? '', path: url, body });
    if (req.headers[INTERNAL_CREDENTIAL_HEADER] !== internalCredential)
      return answer(res, 401, { code: 'UNAUTHORIZED', message: 'internal credential required' });
    if (forced !== undefined) return answer(res, forced, { code: 'FORCED', message: 'forced by the test' });
    const owner = /^\/internal\/v1\/domains\/([^/?]+)$/.exec(url);
    if (req.method === 'GET' && owner) {
      const domain = decodeURIComponent(owner[1]).toLowerCase();
      const o = owners.get(domain);
      return o
        ? answer(res, 200, { domain, accountId: o.accountId, status: o.status })
        : answer(res, 404, { code: 'DOMAIN_NOT_FOUND', message: 'no such domain' });
    }
    if (req.method === 'POST' && url === '/internal/v1/zone-changes') {
      const change = body as ChangeBody;
      const previous = applied.get(change.changeId);
      if (previous) return answer(res, 200, previous);
      const names = [...change.add, ...change.remove].map((r) => r.name);
      const zone = names.length ? zoneOf(change.accountId, names[0]) : undefined;
      if (!zone || names.some((n) => zoneOf(change.accountId, n) !== zone))
        return answer(res, 404, {
          code: 'ZONE_NOT_FOUND',
          message: 'no zone of the account holds these names',
        });
      const records = zones.get(zone) ?? [];
      const kept = records.filter((r) => !change.remove.some((x) => same(r, x)));
      const removed = records.length - kept.length;
      const fresh = change.add.filter((a) => !kept.some((r) => same(r, a)));
      zones.set(zone, [...kept, ...fresh]);
      const result = { changeId: change.changeId, zone, added: fresh.length, removed };
      applied.set(change.changeId, result);
      return answer(res, 200, result);
    }
    if (req.method === 'POST' && url === '/internal/v1/domains/availability') {
      const names = (body as { domains?: unknown } | undefined)?.domains;
      if (
        !Array.isArray(names) ||
        names.length < 1 ||
        names.length > 100 ||
        names.some((n) => typeof n !== 'string')
      )
        return answer(res, 400, { code: 'INVALID_BODY', message: 'domains: 1 to 100 strings' });
      const results = (names as string[]).map((raw) => {
        const domain = canonical(raw);
        const error = nameError(domain);
        return error
          ? { domain: raw, available: false, error }
          : { domain, available: available(domain), error: null };
      });
      return answer(res, 200, { results });
    }
    const account =
      /^\/internal\/v1\/accounts\/([^/?]+)\/(payment-profile|domain-purchases)(?:\/([^/?]+))?$/.exec(url);
    if (account) {
      const accountId = decodeURIComponent(account[1]);
      if (req.method === 'GET' && account[2] === 'payment-profile' && account[3] === undefined)
        return answer(res, 200, { accountId, status: profiles.get(accountId) ?? 'NONE' });
      if (req.method === 'POST' && account[2] === 'domain-purchases' && account[3] === undefined)
        return place(res, accountId, body);
      if (req.method === 'GET' && account[2] === 'domain-purchases' && account[3] !== undefined) {
        const purchase = purchases.get(`${accountId} ${decodeURIComponent(account[3])}`);
        if (!purchase) return answer(res, 404, { code: 'PURCHASE_NOT_FOUND', message: 'no such purchase' });
        settle(purchase);
        return answer(res, 200, view(purchase));
      }
    }
    answer(res, 404, { code: 'NOT_FOUND', message: 'no such route' });
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => handle(req, raw, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    own(accountId, domain, status = 'ACTIVE') {
      owners.set(domain.toLowerCase(), { accountId, status });
      if (!zones.has(domain.toLowerCase())) zones.set(domain.toLowerCase(), []);
    },
    records: (domain) => [...(zones.get(domain.toLowerCase()) ?? [])],
    answerWith(status) {
      forced = status;
    },
    setPaymentProfile(accountId, status) {
      profiles.set(accountId, status);
    },
    take(domain) {
      takenElsewhere.add(canonical(domain));
    },
    holdPurchases(hold) {
      held = hold;
    },
    purchases: () => [...purchases.values()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
