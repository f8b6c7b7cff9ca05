import { sign } from 'node:crypto';
import { contentDigest } from './content-digest';
import {
  type HttpHeaders,
  signRequest,
  signResponse,
  signatureBase,
  ucpRequestComponents,
  verifyRequest,
  verifyResponse,
} from './http-message-signatures';
import { generateSigningKeyPair, privateKeyObject } from './signing-keys';
import { parseSfDictionary } from './structured-fields';

const business = generateSigningKeyPair('business-2026');
const other = generateSigningKeyPair('other-2026');

const WEBHOOK_URL = 'https://platform.example/webhooks/ucp/orders?tenant=t1';
const body = JSON.stringify({ ucp: { version: '2026-04-08' }, order: { id: 'ord_1', status: 'completed' } });
const webhookHeaders: HttpHeaders = {
  'Content-Type': 'application/json',
  'UCP-Agent': 'profile="https://shop.example/.well-known/ucp"',
  'Webhook-Id': '4c9a7d1e-5b7f-4b8e-9f5c-1b2d3e4f5a6b',
  'Webhook-Timestamp': '1767225600',
};

/** A webhook as the worker sends it: its own headers plus the three the signer adds. */
function signedWebhook(overrides: Partial<Parameters<typeof signRequest>[0]> = {}) {
  const signed = signRequest({
    method: 'POST',
    url: WEBHOOK_URL,
    headers: webhookHeaders,
    body,
    key: business.privateJwk,
    created: 1767225600,
    ...overrides,
  });
  return { ...webhookHeaders, ...signed } as Record<string, string>;
}

function verifyWebhook(headers: HttpHeaders, changes: { method?: string; url?: string; body?: string } = {}) {
  return verifyRequest({
    method: changes.method ?? 'POST',
    url: changes.url ?? WEBHOOK_URL,
    headers,
    body: changes.body ?? body,
    keys: [other.publicJwk, business.publicJwk],
  });
}

describe('signRequest (UCP webhook)', () => {
  it('covers the target, the UCP-Agent, the Standard Webhooks headers and the body', () => {
    const headers = signedWebhook();
    expect(headers['signature-input']).toBe(
      'sig1=("@method" "@authority" "@path" "@query" "ucp-agent" "webhook-id" "webhook-timestamp" ' +
        '"content-digest" "content-type");created=1767225600;keyid="business-2026"',
    );
    expect(headers['content-digest']).toBe(contentDigest(body));
  });

  it('puts no alg parameter in Signature-Input (UCP derives it from the key)', () => {
    expect(signedWebhook()['signature-input']).not.toMatch(/alg=/);
  });

  it('leaves created out when asked', () => {
    expect(signedWebhook({ created: null })['signature-input']).toMatch(/\);keyid="business-2026"$/);
  });

  it('writes the ECDSA signature as 64 raw r||s bytes under the label sig1', () => {
    const member = parseSfDictionary(signedWebhook().signature).get('sig1');
    expect(member && 'value' in member && member.value instanceof Uint8Array && member.value.byteLength).toBe(
      64,
    );
  });

  it('signs a GET without a body over @method @authority @path only', () => {
    const signed = signRequest({
      method: 'get',
      url: 'https://shop.example/checkout-sessions/chk_1',
      headers: {},
      key: business.privateJwk,
      created: null,
    });
    expect(signed).toEqual({
      'signature-input': 'sig1=("@method" "@authority" "@path");keyid="business-2026"',
      signature: expect.stringMatching(/^sig1=:[A-Za-z0-9+/]{86}==:$/),
    });
  });

  it('covers Idempotency-Key when the request carries one', () => {
    expect(
      ucpRequestComponents({
        url: 'https://shop.example/checkout-sessions',
        headers: { 'Idempotency-Key': 'k' },
      }),
    ).toEqual(['@method', '@authority', '@path', 'idempotency-key']);
  });

  it('refuses to sign a covered field the message does not have', () => {
    expect(() =>
      signRequest({ method: 'POST', url: WEBHOOK_URL, headers: {}, body, key: business.privateJwk }),
    ).toThrow(/content-type/);
  });
});

describe('verifyRequest (as the agent verifies our webhook)', () => {
  it('accepts the delivery and names the key and components', () => {
    expect(verifyWebhook(signedWebhook())).toEqual({
      ok: true,
      label: 'sig1',
      keyid: 'business-2026',
      components: expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'content-digest']),
      created: 1767225600,
    });
  });

  it('is case-insensitive about header names, as HTTP is', () => {
    const lower = Object.fromEntries(Object.entries(signedWebhook()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhook(lower).ok).toBe(true);
  });

  it('says digest_mismatch when the body was changed', () => {
    expect(verifyWebhook(signedWebhook(), { body: body.replace('completed', 'canceled') })).toMatchObject({
      ok: false,
      code: 'digest_mismatch',
    });
  });

  it('says signature_invalid when the body and its digest were both replaced', () => {
    const forged = body.replace('completed', 'canceled');
    const headers = { ...signedWebhook(), 'content-digest': contentDigest(forged) };
    expect(verifyWebhook(headers, { body: forged })).toMatchObject({ ok: false, code: 'signature_invalid' });
  });

  it.each([
    ['another path', { url: 'https://platform.example/webhooks/other?tenant=t1' }],
    ['another host', { url: 'https://evil.example/webhooks/ucp/orders?tenant=t1' }],
    ['another query', { url: 'https://platform.example/webhooks/ucp/orders?tenant=t2' }],
    ['another method', { method: 'PUT' }],
  ])('says signature_invalid for a delivery replayed to %s', (_what, changes) => {
    expect(verifyWebhook(signedWebhook(), changes)).toMatchObject({ ok: false, code: 'signature_invalid' });
  });

  it.each(['Webhook-Id', 'Webhook-Timestamp', 'UCP-Agent'])(
    'says signature_invalid when %s was changed',
    (name) => {
      const headers = { ...signedWebhook(), [name]: 'changed' };
      expect(verifyWebhook(headers)).toMatchObject({ ok: false, code: 'signature_invalid' });
    },
  );

  it('says signature_invalid when a header UCP requires covered was added unsigned', () => {
    const headers = { ...signedWebhook(), 'Idempotency-Key': 'added-later' };
    expect(verifyWebhook(headers)).toMatchObject({ ok: false, code: 'signature_invalid' });
  });

  it('says signature_invalid for a signature that leaves the webhook headers out', () => {
    const headers = signedWebhook({
      components: ['@method', '@authority', '@path', '@query', 'content-digest', 'content-type'],
    });
    const result = verifyWebhook(headers);
    expect(result).toMatchObject({ ok: false, code: 'signature_invalid' });
    expect(!result.ok && result.message).toMatch(/ucp-agent, webhook-id, webhook-timestamp/);
  });

  it('says key_not_found for a keyid the profile does not publish', () => {
    const headers = signedWebhook({ key: generateSigningKeyPair('rotated-out').privateJwk });
    expect(verifyWebhook(headers)).toMatchObject({ ok: false, code: 'key_not_found' });
  });

  it('says signature_invalid for a signature by another key under the published kid', () => {
    const impostor = { ...other.privateJwk, kid: 'business-2026' };
    expect(verifyWebhook(signedWebhook({ key: impostor }))).toMatchObject({
      ok: false,
      code: 'signature_invalid',
    });
  });

  it('says algorithm_unsupported for a published key that is not EC', () => {
    const headers = signedWebhook();
    const result = verifyRequest({
      method: 'POST',
      url: WEBHOOK_URL,
      headers,
      body,
      keys: [
        {
          kid: 'business-2026',
          kty: 'OKP',
          crv: 'Ed25519',
          x: 'JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs',
        },
      ],
    });
    expect(result).toMatchObject({ ok: false, code: 'algorithm_unsupported' });
  });

  it('says signature_missing when there is no signature', () => {
    expect(verifyWebhook(webhookHeaders)).toMatchObject({ ok: false, code: 'signature_missing' });
  });

  it('says signature_invalid for a DER-encoded ECDSA signature', () => {
    const headers = signedWebhook();
    const params = headers['signature-input'].slice('sig1='.length);
    const base = signatureBase(
      { method: 'POST', url: new URL(WEBHOOK_URL), headers },
      [
        '@method',
        '@authority',
        '@path',
        '@query',
        'ucp-agent',
        'webhook-id',
        'webhook-timestamp',
        'content-digest',
        'content-type',
      ],
      params,
    );
    const der = sign('sha256', Buffer.from(base), privateKeyObject(business.privateJwk));
    const result = verifyWebhook({ ...headers, signature: `sig1=:${der.toString('base64')}:` });
    expect(result).toMatchObject({ ok: false, code: 'signature_invalid' });
  });

  it('says signature_invalid for a malformed Signature-Input', () => {
    expect(verifyWebhook({ ...signedWebhook(), 'signature-input': 'sig1=("@method" ' })).toMatchObject({
      ok: false,
      code: 'signature_invalid',
    });
  });

  it('accepts the message when any one of several signatures verifies', () => {
    const good = signedWebhook();
    const bad = signedWebhook({ key: generateSigningKeyPair('unknown').privateJwk, label: 'sig0' });
    const headers = {
      ...good,
      'signature-input': `${bad['signature-input']}, ${good['signature-input']}`,
      signature: `${bad.signature}, ${good.signature}`,
    };
    expect(verifyWebhook(headers)).toMatchObject({ ok: true, label: 'sig1' });
  });
});

describe('signResponse / verifyResponse', () => {
  it('round-trips a signed response over @status and the body', () => {
    const payload = '{"id":"chk_1","status":"completed"}';
    const headers = { 'Content-Type': 'application/json' };
    const signed = signResponse({
      status: 201,
      headers,
      body: payload,
      key: business.privateJwk,
      created: 1,
    });
    expect(signed['signature-input']).toBe(
      'sig1=("@status" "content-digest" "content-type");created=1;keyid="business-2026"',
    );
    const all = { ...headers, ...signed };
    expect(verifyResponse({ status: 201, headers: all, body: payload, keys: [business.publicJwk] }).ok).toBe(
      true,
    );
    expect(
      verifyResponse({ status: 200, headers: all, body: payload, keys: [business.publicJwk] }),
    ).toMatchObject({
      ok: false,
      code: 'signature_invalid',
    });
  });
});
