import {
  type KeyObject,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
} from 'node:crypto';

/**
 * A P-256 public key as UCP profiles publish it in `signing_keys` (signatures.md, "Key Format":
 * RFC 7517 JWK, EC per RFC 7518 §6.2).
 */
export interface EcPublicJwk {
  readonly kid: string;
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
  readonly use?: 'sig';
  readonly alg?: 'ES256';
}

/** The same key with its private part; kept in secrets, never published. */
export interface EcPrivateJwk extends EcPublicJwk {
  readonly d: string;
}

export interface SigningKeyPair {
  readonly privateJwk: EcPrivateJwk;
  /** What goes into the profile's `signing_keys`. */
  readonly publicJwk: EcPublicJwk;
}

/**
 * A new ES256 (ECDSA P-256) key pair as JWKs. `kid` defaults to the key's RFC 7638 thumbprint,
 * which UCP asks for when a key also serves Web Bot Auth and which is a stable name otherwise.
 */
export function generateSigningKeyPair(kid?: string): SigningKeyPair {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const publicPart = { kty: 'EC' as const, crv: 'P-256' as const, x: String(jwk.x), y: String(jwk.y) };
  const id = kid ?? jwkThumbprint(publicPart);
  const publicJwk: EcPublicJwk = { kid: id, ...publicPart, use: 'sig', alg: 'ES256' };
  return { publicJwk, privateJwk: { ...publicJwk, d: String(jwk.d) } };
}

/** RFC 7638 JWK SHA-256 thumbprint of an EC key (members crv, kty, x, y in that order), base64url. */
export function jwkThumbprint(jwk: Pick<EcPublicJwk, 'crv' | 'kty' | 'x' | 'y'>): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The public JWK of a private one (to publish what a stored private key signs with). */
export function publicJwkOf(privateJwk: EcPrivateJwk): EcPublicJwk {
  const { d: _d, ...publicJwk } = privateJwk;
  return publicJwk;
}

export function privateKeyObject(jwk: EcPrivateJwk): KeyObject {
  return createPrivateKey({ key: { ...jwk }, format: 'jwk' });
}

export function publicKeyObject(jwk: Pick<EcPublicJwk, 'kty' | 'crv' | 'x' | 'y'>): KeyObject {
  return createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
}
