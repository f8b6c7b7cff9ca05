import { createHash } from 'node:crypto';
import { generateSigningKeyPair, jwkThumbprint, publicJwkOf } from './signing-keys';

describe('generateSigningKeyPair', () => {
  it('gives an ES256 public JWK in the shape of a UCP profile signing key', () => {
    const { publicJwk } = generateSigningKeyPair('shop-2026-01');
    expect(publicJwk).toEqual({
      kid: 'shop-2026-01',
      kty: 'EC',
      crv: 'P-256',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      y: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      use: 'sig',
      alg: 'ES256',
    });
    expect(publicJwk).not.toHaveProperty('d');
  });

  it('gives the private JWK with the same public part', () => {
    const { privateJwk, publicJwk } = generateSigningKeyPair('k');
    expect(privateJwk.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(publicJwkOf(privateJwk)).toEqual(publicJwk);
  });

  it('names the key by its RFC 7638 thumbprint when no kid is given', () => {
    const { publicJwk } = generateSigningKeyPair();
    expect(publicJwk.kid).toBe(jwkThumbprint(publicJwk));
  });
});

describe('jwkThumbprint', () => {
  it('matches the RFC 7638 construction for an EC key', () => {
    // The UCP signatures doc's EC example key; its thumbprint computed by hand from the RFC 7638 rule
    // (SHA-256 of {"crv","kty","x","y"} with no whitespace), the members in lexicographic order.
    const key = {
      kty: 'EC' as const,
      crv: 'P-256' as const,
      x: 'WKn-ZIGevcwGIyyrzFoZNBdaq9_TsqzGl96oc0CWuis',
      y: 'y77t-RvAHRKTsSGdIYUfweuOvwrvDD-Q3Hv5J0fSKbE',
    };
    const manual = createHash('sha256')
      .update(`{"crv":"P-256","kty":"EC","x":"${key.x}","y":"${key.y}"}`)
      .digest('base64url');
    expect(jwkThumbprint(key)).toBe(manual);
  });
});
