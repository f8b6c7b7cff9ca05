import { callInternalRoute, errorCodeOf } from '@platform/auth';
import type { InternalTarget } from '@platform/auth';
import type {
  DomainAvailability,
  DomainPurchase,
  DomainPurchaseRequest,
  PaymentProfileStatus,
} from '@platform/contracts';
import { deriveInternalCredential } from '@platform/crypto';
import { errorMessage } from '@platform/errors';

/**
 * A DNS record as another service hands it to the domains service: `name` is fully qualified
 * (`_ans.agent.example.com`); the domains service finds the zone it belongs to. `data` is the
 * record's RDATA as the domains API writes it (for HTTPS/SVCB, everything after the SvcPriority,
 * which goes in `priority`).
 */
export interface ZoneRecord {
  readonly type: string;
  readonly name: string;
  readonly data: string;
  readonly ttl: number;
  readonly priority?: number;
  readonly port?: number;
  readonly weight?: number;
  readonly service?: string;
  readonly protocol?: string;
}

/**
 * One change to an account's zone, applied at most once per `changeId` (a retry of the same change
 * answers the first outcome): `remove` deletes exactly the records equal to these (type, name,
 * data), `add` adds those not there yet. Both sides of one change are in the same zone.
 */
export interface ZoneChange {
  /** Stable id chosen by the caller, e.g. `agent-registry:publish:<agentId>`; at most 200 chars. */
  readonly changeId: string;
  readonly accountId: string;
  readonly add: readonly ZoneRecord[];
  readonly remove: readonly ZoneRecord[];
}

export type ZoneChangeOutcome =
  | { readonly outcome: 'applied'; readonly zone: string; readonly added: number; readonly removed: number }
  /** No ACTIVE domain of the account holds these names: nothing to write; the owner publishes them. */
  | { readonly outcome: 'no-zone' };

export interface DomainOwner {
  readonly domain: string;
  readonly accountId: string;
  readonly status: string;
}

/** The domains service did not answer usefully (network, timeout, 5xx): retry later. */
export class DomainsUnavailableError extends Error {
  readonly retryable = true;
}

/** The domains service refused the request (4xx other than the ones the methods map): do not retry. */
export class DomainsRejectedError extends Error {
  readonly retryable = false;
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface DomainsClientOptions {
  /** Base URL of the domains service (DOMAINS_URL). */
  readonly baseUrl: string;
  /** The platform's internal credential (libs/crypto `deriveInternalCredential`). */
  readonly internalCredential: string;
  /** Per-call timeout, ms. Default 5000. */
  readonly timeoutMs?: number;
}

/**
 * The other services' way into the domains service, the one owner of domains and DNS: its
 * `/internal/v1` routes, which take the platform's internal credential instead of a caller's token
 * (docs/domains.md, "Internal API").
 */
export class DomainsClient {
  private readonly target: InternalTarget;

  /** A platform process's client: the internal credential derived from its SECRETS_ENCRYPTION_KEY. */
  static forPlatform(baseUrl: string, secretsEncryptionKey: Buffer): DomainsClient {
    return new DomainsClient({ baseUrl, internalCredential: deriveInternalCredential(secretsEncryptionKey) });
  }

  constructor(options: DomainsClientOptions) {
    this.target = {
      baseUrl: options.baseUrl,
      credential: options.internalCredential,
      timeoutMs: options.timeoutMs,
    };
  }

  /** The account that holds `domain` (any status), or undefined when no account does. */
  async ownerOf(domain: string): Promise<DomainOwner | undefined> {
    const { status, body } = await this.call('GET', `/internal/v1/domains/${encodeURIComponent(domain)}`);
    if (status === 200) return body as DomainOwner;
    if (status === 404) return undefined;
    throw this.failure(status, body);
  }

  /** Applies `change` to the zone its records belong to, once per changeId. */
  async applyZoneChange(change: ZoneChange): Promise<ZoneChangeOutcome> {
    const { status, body } = await this.call('POST', '/internal/v1/zone-changes', change);
    if (status === 200) {
      const b = body as { zone: string; added: number; removed: number };
      return { outcome: 'applied', zone: b.zone, added: b.added, removed: b.removed };
    }
    if (status === 404 && errorCodeOf(body) === 'ZONE_NOT_FOUND') return { outcome: 'no-zone' };
    throw this.failure(status, body);
  }

  /**
   * Whether each of `names` (1 to 100, as the buyer typed them) can be purchased, in order; a name
   * that cannot be checked (malformed, TLD not sold) has `available: false` and its `error`.
   */
  async availability(names: readonly string[]): Promise<DomainAvailability[]> {
    const { status, body } = await this.call('POST', '/internal/v1/domains/availability', { domains: names });
    if (status === 200) return (body as { results: DomainAvailability[] }).results;
    throw this.failure(status, body);
  }

  /** Whether the account can be charged: ACTIVE, DECLINING or NONE (no profile). */
  async paymentProfile(accountId: string): Promise<PaymentProfileStatus> {
    const { status, body } = await this.call('GET', `${accountPath(accountId)}/payment-profile`);
    if (status === 200) return body as PaymentProfileStatus;
    throw this.failure(status, body);
  }

  /**
   * Places the purchase of `request.domain` for the account, paid by its payment profile; the same
   * `reference` answers the same order (a retry is safe). PENDING until the domains worker runs it:
   * poll purchaseStatus. A name that is not available is refused (DomainsRejectedError 409
   * DOMAIN_NOT_AVAILABLE), as is a reference already used for another domain or period (422
   * REFERENCE_MISMATCH); an account that cannot be charged gets a FAILED purchase.
   */
  async purchase(accountId: string, request: DomainPurchaseRequest): Promise<DomainPurchase> {
    const { status, body } = await this.call('POST', `${accountPath(accountId)}/domain-purchases`, request);
    if (status === 202 || status === 200) return body as DomainPurchase;
    throw this.failure(status, body);
  }

  /** The purchase the account placed with `reference`, or undefined when it placed none. */
  async purchaseStatus(accountId: string, reference: string): Promise<DomainPurchase | undefined> {
    const { status, body } = await this.call(
      'GET',
      `${accountPath(accountId)}/domain-purchases/${encodeURIComponent(reference)}`,
    );
    if (status === 200) return body as DomainPurchase;
    if (status === 404 && errorCodeOf(body) === 'PURCHASE_NOT_FOUND') return undefined;
    throw this.failure(status, body);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    try {
      return await callInternalRoute(this.target, method, path, payload);
    } catch (e) {
      throw new DomainsUnavailableError(`domains service unreachable: ${errorMessage(e)}`);
    }
  }

  private failure(status: number, body: unknown): Error {
    const code = errorCodeOf(body);
    if (status >= 500 || status === 429)
      return new DomainsUnavailableError(`domains service answered ${status}${code ? ` ${code}` : ''}`);
    return new DomainsRejectedError(
      status,
      code,
      `domains service refused the call: ${status} ${code ?? ''}`.trim(),
    );
  }
}

function accountPath(accountId: string): string {
  return `/internal/v1/accounts/${encodeURIComponent(accountId)}`;
}
