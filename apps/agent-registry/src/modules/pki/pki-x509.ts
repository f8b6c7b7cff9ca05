// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API
// before the library loads; Nest entry points import it anyway, but a script or a unit test that
// reaches the PKI first would not. Every PKI file therefore imports x509 from here.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';

// One provider for the whole process: Node's WebCrypto (no OpenSSL bindings of our own).
x509.cryptoProvider.set(webcrypto);

export { x509, webcrypto };

/** Every key the registry generates (its CA, host keys made without a CSR): ECDSA on P-256. */
export const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/** How the registry CA signs certificates and CRLs: ECDSA with SHA-256 (ecdsa-with-SHA256). */
export const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;

export type CryptoKey = webcrypto.CryptoKey;
