import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signWebhook } from './webhook-signer';

describe('signWebhook', () => {
  const body = JSON.stringify({
    type: 'deployment.succeeded',
    timestamp: '2026-01-02T03:04:05.000Z',
    data: {},
  });

  it('makes a secret of whsec_ and 32 random bytes in base64', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('signs so that the standardwebhooks library verifies the message', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook({ secret, id: 'evt-1', timestamp: new Date(), body });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });

  it('signs the id, the timestamp in seconds and the body exactly', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-01-02T03:04:05.678Z');
    const headers = signWebhook({ secret, id: 'evt-1', timestamp: at, body });
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign('evt-1', at, body));
  });

  it('does not verify once the body, the id or the secret differs', () => {
    const secret = newWebhookSecret();
    const headers = signWebhook({ secret, id: 'evt-1', timestamp: new Date(), body });
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt-2' })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => signWebhook({ secret: 'c2VjcmV0', id: 'e', timestamp: new Date(), body })).toThrow(/whsec_/);
  });
});
