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

/**
 * A stand-in for the domains service's internal API (`GET /internal/v1/domains/{domain}`,
 * `POST /internal/v1/zone-changes`, see libs/domains-client), for the suites of the services that
 * call it (an app cannot import another app). Checks the internal credential like the real one;
 * a zone change is applied once per changeId; `answerWith` forces a status (500, 503…).
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
  close(): Promise<void>;
}

interface ChangeBody {
  changeId: string;
  accountId: string;
  add: FakeZoneRecord[];
  remove: FakeZoneRecord[];
}

const same = (a: FakeZoneRecord, b: FakeZoneRecord): boolean =>
  a.type === b.type && a.name.toLowerCase() === b.name.toLowerCase() && a.data === b.data;

export async function startFakeDomains(internalCredential: string): Promise<FakeDomains> {
  const owners = new Map<string, { accountId: string; status: string }>();
  const zones = new Map<string, FakeZoneRecord[]>();
  const applied = new Map<string, unknown>();
  const calls: FakeDomains['calls'] = [];
  let forced: number | undefined;

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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
