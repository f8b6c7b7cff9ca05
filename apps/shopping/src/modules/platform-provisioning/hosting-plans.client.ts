import { callInternalRoute } from '@platform/auth';
import type { InternalTarget } from '@platform/auth';
import type { HostingPlan, HostingPlanRequest } from '@platform/contracts';
import { errorMessage } from '@platform/errors';

/** The hosting service did not answer usefully (network, timeout, 5xx, 429): retry later. */
export class HostingUnavailableError extends Error {
  readonly retryable = true;
}

/** The hosting service refused the request (a 4xx): do not retry as is. */
export class HostingRejectedError extends Error {
  readonly retryable = false;
  constructor(
    readonly status: number,
    /** The commerce error object's `name` (INVALID_REQUEST, REFERENCE_MISMATCH, …). */
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface HostingPlansClientOptions {
  /** Base URL of the hosting API (its own port, not the gateway: internal routes are not routed there). */
  readonly baseUrl: string;
  /** The platform's internal credential (libs/crypto `deriveInternalCredential`). */
  readonly internalCredential: string;
  /** Per-call timeout, ms. Default 5000. */
  readonly timeoutMs?: number;
}

/**
 * The Shopping API's way to provision the hosting plans it sells: the hosting service's
 * `/internal/v1/accounts/{accountId}/hosting-plans` routes with the internal credential
 * (docs/hosting.md, "Hosting plans for the Shopping API"). The HTTP call is libs/auth's
 * `callInternalRoute`, the one libs/domains-client uses; the error conventions are the
 * DomainsClient's: 5xx, 429 and no answer are HostingUnavailableError, other refusals
 * HostingRejectedError with the hosting error's `name` as `code`.
 */
export class HostingPlansClient {
  private readonly target: InternalTarget;

  constructor(options: HostingPlansClientOptions) {
    this.target = {
      baseUrl: options.baseUrl,
      credential: options.internalCredential,
      timeoutMs: options.timeoutMs,
    };
  }

  /**
   * An ACTIVE plan of `request.slotLimit` slots for the account; the same `reference` answers the
   * same plan (a retry is safe). A reference already used for another product or slot limit is
   * refused (HostingRejectedError 422 REFERENCE_MISMATCH), as is an unknown product (400).
   */
  async provision(accountId: string, request: HostingPlanRequest): Promise<HostingPlan> {
    const { status, body } = await this.call('POST', plansPath(accountId), request);
    if (status === 201 || status === 200) return body as HostingPlan;
    throw failure(status, body);
  }

  /** The plan the account provisioned with `reference`, or undefined when it provisioned none. */
  async get(accountId: string, reference: string): Promise<HostingPlan | undefined> {
    const { status, body } = await this.call(
      'GET',
      `${plansPath(accountId)}/${encodeURIComponent(reference)}`,
    );
    if (status === 200) return body as HostingPlan;
    if (status === 404 && hostingErrorCode(body) === 'HOSTING_PLAN_NOT_FOUND') return undefined;
    throw failure(status, body);
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    try {
      return await callInternalRoute(this.target, method, path, payload);
    } catch (e) {
      throw new HostingUnavailableError(`hosting service unreachable: ${errorMessage(e)}`);
    }
  }
}

function plansPath(accountId: string): string {
  return `/internal/v1/accounts/${encodeURIComponent(accountId)}/hosting-plans`;
}

/** The code of a hosting error: the commerce error object's `name` (or a flat `code`). */
export function hostingErrorCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { name, code } = body as { name?: unknown; code?: unknown };
  if (typeof name === 'string') return name;
  return typeof code === 'string' ? code : undefined;
}

function failure(status: number, body: unknown): Error {
  const code = hostingErrorCode(body);
  if (status >= 500 || status === 429)
    return new HostingUnavailableError(`hosting service answered ${status}${code ? ` ${code}` : ''}`);
  return new HostingRejectedError(
    status,
    code,
    `hosting service refused the call: ${status} ${code ?? ''}`.trim(),
  );
}
