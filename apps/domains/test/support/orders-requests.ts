import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { OrderResponse } from '../../src/modules/orders/orders.response';
import type { DomainsTestApp } from './domains-test-app';

/** A contact the registry accepts. */
export const CONTACT = {
  nameFirst: 'Jane',
  nameLast: 'Doe',
  email: 'jane@example.net',
  phone: '+1.4805058800',
  addressMailing: { address1: '1 Main St', city: 'Tempe', state: 'AZ', postalCode: '85281', country: 'US' },
};

export const CONSENT = { agreementKeys: ['DNRA'], agreedBy: '203.0.113.7', agreedAt: '2026-11-27T10:00:00Z' };

/** A fresh name no one holds, of an available shape (not reserved, not taken elsewhere). */
export function freshName(tld = 'com'): string {
  return `fresh-${randomUUID().slice(0, 12)}.${tld}`;
}

/** A valid purchase body; override any field. */
export function purchaseBody(
  domain: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { domain, consent: CONSENT, contactRegistrant: CONTACT, ...overrides };
}

/** A valid transfer body; override any field. */
export function transferBody(
  authCode: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return { authCode, consent: CONSENT, ...overrides };
}

/** A credential of a new account that may order (ACTIVE payment profile). */
export async function buyer(t: DomainsTestApp): Promise<TestCredential> {
  const cred = await t.newCredential(['domains.domain:create', 'domains.domain:read']);
  await t.setPaymentProfile(cred.accountId, 'ACTIVE');
  return cred;
}

/** Polls GET /v1/domains/orders/{id} until the order is COMPLETED or FAILED. */
export function settledOrder(
  t: DomainsTestApp,
  orderId: string,
  cred: TestCredential,
): Promise<OrderResponse> {
  return waitFor(
    async () => {
      const res = await t.inject({
        method: 'GET',
        url: `/v1/domains/orders/${orderId}`,
        headers: cred.headers,
      });
      const body = res.json() as OrderResponse;
      return body.status === 'COMPLETED' || body.status === 'FAILED' ? body : undefined;
    },
    { what: `order ${orderId} to complete or fail`, timeoutMs: 20_000 },
  );
}
