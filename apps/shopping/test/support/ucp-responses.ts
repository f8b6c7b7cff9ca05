import { describeWithVendorData } from '@platform/testing';
import { expectUcpValid, ucpTotalsProblems, type UcpKind } from '@platform/testing/contracts';
import type { Response } from 'light-my-request';

/** One answer of the Shopping API and the UCP schema it must satisfy. */
export interface RecordedResponse {
  readonly operation: string;
  readonly status: number;
  readonly kind: UcpKind;
  readonly body: unknown;
}

/** The schema of an answer: the error envelope for ucp.status "error" and every 4xx/5xx; else by operation. */
export function kindOf(method: string, url: string, status: number, body: unknown): UcpKind | undefined {
  const ucp = (body as { ucp?: { status?: string } } | null)?.ucp;
  if (status >= 400 || ucp?.status === 'error') return 'error_response';
  const path = url.split('?')[0];
  if (path.endsWith('/.well-known/ucp')) return 'business_profile';
  if (/\/checkout-sessions(\/|$)/.test(path)) return 'checkout';
  if (/\/carts(\/|$)/.test(path)) return 'cart';
  if (/\/orders\//.test(path)) return 'order';
  if (path.endsWith('/catalog/search')) return 'search_response';
  if (path.endsWith('/catalog/lookup')) return 'lookup_response';
  if (path.endsWith('/catalog/product')) return 'get_product_response';
  return method === 'GET' && status === 200 ? undefined : undefined;
}

export function recordResponse(into: RecordedResponse[], method: string, url: string, res: Response): void {
  if (res.statusCode === 204 || !res.body) return;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return;
  }
  const kind = kindOf(method, url, res.statusCode, body);
  if (kind) into.push({ operation: `${method} ${url.split('?')[0]}`, status: res.statusCode, kind, body });
}

/**
 * The suite's closing check: every answer it recorded validates against the vendored UCP 2026-04-08
 * schemas (one registry of every $id), and every totals array obeys the sum rule.
 */
export function describeRecordedResponsesValid(
  responses: () => readonly RecordedResponse[],
  minimum = 1,
): void {
  describeWithVendorData('ucp', 'every recorded response against the UCP 2026-04-08 schemas', () => {
    it('validates each response, success and error, and the totals sum rule', () => {
      const all = responses();
      expect(all.length).toBeGreaterThanOrEqual(minimum);
      for (const r of all) {
        try {
          expectUcpValid(r.kind, r.body);
        } catch (e) {
          throw new Error(`${r.operation} (${r.status}, ${r.kind}): ${(e as Error).message}`);
        }
        const totals = (r.body as { totals?: unknown }).totals;
        if (totals !== undefined)
          expect({ op: r.operation, problems: ucpTotalsProblems(totals) }).toEqual({
            op: r.operation,
            problems: [],
          });
      }
    });
  });
}

/**
 * A UCP body as the suites read it: loosely typed on purpose, because what it must be is checked
 * against the vendored UCP schemas (describeRecordedResponsesValid), not by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UcpJson = Record<string, any>;
