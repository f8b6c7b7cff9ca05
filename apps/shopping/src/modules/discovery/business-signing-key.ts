import { createECDH, hkdfSync } from 'node:crypto';
import { jwkThumbprint, type EcPrivateJwk, type EcPublicJwk } from '@platform/crypto';

/** Order of the P-256 group: a private scalar must lie in [1, n-1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * The business's ES256 signing key (order webhooks, profile `signing_keys`), derived from the
 * platform's SECRETS_ENCRYPTION_KEY with HKDF: every replica of the API and the worker holds the
 * same key without storing or sharing it, and rotating that secret rotates the key (the `kid` is
 * the key's RFC 7638 thumbprint, so agents see a new kid). Derived, not generated, because a key
 * generated per process would differ between replicas.
 */
export function businessSigningKey(seed: Buffer): { privateJwk: EcPrivateJwk; publicJwk: EcPublicJwk } {
  for (let counter = 0; ; counter++) {
    const d = Buffer.from(
      hkdfSync('sha256', seed, Buffer.from('shopping'), `business-signing-key/${counter}`, 32),
    );
    const scalar = BigInt(`0x${d.toString('hex')}`);
    if (scalar === 0n || scalar >= P256_ORDER) continue;
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    const point = ecdh.getPublicKey(); // 0x04 || x || y
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33, 65).toString('base64url');
    const kid = jwkThumbprint({ kty: 'EC', crv: 'P-256', x, y });
    const publicJwk: EcPublicJwk = { kid, kty: 'EC', crv: 'P-256', x, y, use: 'sig', alg: 'ES256' };
    return { publicJwk, privateJwk: { ...publicJwk, d: d.toString('base64url') } };
  }
}
