import { createHash } from 'node:crypto';
import { signRequest, type EcPrivateJwk } from '@platform/crypto';

/** Namespace of the webhook ids (RFC 9562 name-based UUIDs): a fixed, random UUID of this service. */
const WEBHOOK_ID_NAMESPACE = Buffer.from('5b0c2f8e6d7a4c1e9f3a2b1c0d9e8f7a', 'hex');

/**
 * The `Webhook-Id` of an order event: an RFC 9562 version 5 UUID of `<orderId>/<sequence>`, so
 * every attempt of one event carries the same id (the agent dedupes by it) and no id is stored.
 */
export function webhookId(orderId: string, sequence: number): string {
  const hash = createHash('sha1')
    .update(WEBHOOK_ID_NAMESPACE)
    .update(`${orderId}/${sequence}`)
    .digest()
    .subarray(0, 16);
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface OrderWebhookRequestInput {
  /** The agent's webhook_url. */
  readonly url: string;
  /** The JSON body, exactly the bytes sent. */
  readonly body: string;
  readonly webhookId: string;
  /** The business profile that signs (UCP-Agent): its signing_keys hold the key. */
  readonly profileUrl: string;
  readonly key: EcPrivateJwk;
  readonly now: Date;
}

/**
 * The headers of one webhook delivery (rest.openapi.json webhooks.orderEvent; order.md "Events";
 * signatures.md): Content-Type, UCP-Agent naming the business profile, Webhook-Id,
 * Idempotency-Key (the Webhook-Id: a state-changing request carries one, and signatures.md makes
 * it a signed component of every POST), Webhook-Timestamp (unix seconds of this attempt, so a retry
 * is not mistaken for a replay by a receiver's freshness check; the events' own times are in the
 * body), Content-Digest, and the RFC 9421 Signature-Input/Signature over `@method @authority @path
 * [@query] ucp-agent idempotency-key webhook-id webhook-timestamp content-digest content-type`
 * with the business key.
 */
export function orderWebhookHeaders(input: OrderWebhookRequestInput): Record<string, string> {
  const seconds = Math.floor(input.now.getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'ucp-agent': `profile="${input.profileUrl}"`,
    'idempotency-key': input.webhookId,
    'webhook-id': input.webhookId,
    'webhook-timestamp': String(seconds),
  };
  const signed = signRequest({
    method: 'POST',
    url: input.url,
    headers,
    body: input.body,
    key: input.key,
    created: seconds,
  });
  return {
    ...headers,
    'content-digest': signed['content-digest'] ?? '',
    'signature-input': signed['signature-input'],
    signature: signed.signature,
  };
}
