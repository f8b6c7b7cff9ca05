import { generateSigningKeyPair, verifyRequest } from '@platform/crypto';
import { orderWebhookHeaders, webhookId } from './order-webhook-request';

describe('order webhook requests', () => {
  it('gives each event one stable RFC 9562 v5 UUID, different per order and sequence', () => {
    const id = webhookId('ord_a', 1);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(webhookId('ord_a', 1)).toBe(id);
    expect(new Set([id, webhookId('ord_a', 2), webhookId('ord_b', 1)]).size).toBe(3);
  });

  it('signs the delivery over UCP-Agent, Idempotency-Key, Webhook-Id, Webhook-Timestamp and the body; a changed header fails', () => {
    const { privateJwk, publicJwk } = generateSigningKeyPair('k1');
    const url = 'https://agent.example/hooks/orders?tenant=7';
    const body = JSON.stringify({ id: 'ord_a' });
    const now = new Date('2026-05-01T10:00:00Z');
    const headers = orderWebhookHeaders({
      url,
      body,
      webhookId: webhookId('ord_a', 1),
      profileUrl: 'https://api.example/.well-known/ucp',
      key: privateJwk,
      now,
    });
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'ucp-agent': 'profile="https://api.example/.well-known/ucp"',
      'idempotency-key': webhookId('ord_a', 1),
      'webhook-timestamp': String(now.getTime() / 1000),
      'content-digest': expect.stringMatching(/^sha-256=:/),
    });
    expect(headers['signature-input']).toContain('keyid="k1"');
    expect(verifyRequest({ method: 'POST', url, headers, body, keys: [publicJwk] })).toMatchObject({
      ok: true,
      components: [
        '@method',
        '@authority',
        '@path',
        '@query',
        'ucp-agent',
        'idempotency-key',
        'webhook-id',
        'webhook-timestamp',
        'content-digest',
        'content-type',
      ],
    });
    const replayed = { ...headers, 'webhook-timestamp': String(now.getTime() / 1000 + 600) };
    expect(verifyRequest({ method: 'POST', url, headers: replayed, body, keys: [publicJwk] })).toMatchObject({
      ok: false,
      code: 'signature_invalid',
    });
  });
});
