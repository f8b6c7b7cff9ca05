import { Injectable } from '@nestjs/common';
import { Errors, PlatformError } from '@platform/errors';
import { CertificateEntity } from './certificate.entity';
import { randomSerialNumber, sha256Hex, wholeSeconds } from './pki-encoding';
import { KEY_ALGORITHM, SIGNING_ALGORITHM, webcrypto, x509 } from './pki-x509';
import { PkiRepository } from './pki.repository';
import { RegistryCa } from './registry-ca.service';

/** Stable code of a CSR the registry cannot certify. */
export const INVALID_CSR = 'INVALID_CSR';

/** Largest CSR accepted, in characters of PEM (a 4096-bit RSA CSR is about 1.7 KB). */
export const MAX_CSR_PEM_LENGTH = 16 * 1024;

/** How far notBefore is set back, so a client whose clock runs a little slow accepts a new certificate. */
const BACKDATE_MS = 5 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

const PEM_CSR =
  /^\s*-----BEGIN (NEW )?CERTIFICATE REQUEST-----[\s\S]+-----END (NEW )?CERTIFICATE REQUEST-----\s*$/;

export interface ServerCertificateRequest {
  readonly agentId: string;
  /** The host the certificate is for: its subject CN and dNSName (validated by the caller). */
  readonly agentHost: string;
  /** `ans://v<version>.<agentHost>`, carried as a URI SAN so a peer can tell which registration it is. */
  readonly ansName: string;
  /** PEM PKCS#10 request holding the agent's own public key; see CertificateIssuer.issueServerCertificate. */
  readonly csrPem?: string;
  readonly validityDays: number;
}

export interface IssuedCertificate {
  /** Lower-case hex without colons, 32 characters (see randomSerialNumber). */
  readonly serialNumber: string;
  readonly certificatePem: string;
  /** Lower-case hex SHA-256 of the DER certificate. */
  readonly fingerprintSha256: string;
  readonly notBefore: Date;
  readonly notAfter: Date;
}

/**
 * Issues the TLS server certificates of agent hosts, signed by the registry CA. Free of HTTP types:
 * the registration flow (and the admin CLI) call it inside their own transaction.
 */
@Injectable()
export class CertificateIssuer {
  constructor(private readonly ca: RegistryCa) {}

  /**
   * Signs a certificate for `agentHost` and records it (`agents.certificates`) through `pki`, the
   * caller's transaction-bound copy, so it commits or rolls back with the caller's registration.
   *
   * The certificate: subject CN=agentHost; SAN dNSName agentHost and URI ansName; EKU serverAuth
   * and clientAuth; keyUsage digitalSignature (plus keyEncipherment for RSA keys, which TLS 1.2
   * RSA key exchange needs); not a CA; subject and authority key identifiers. Whatever subject
   * or extensions the CSR asks for are ignored: the registry decides what it vouches for.
   *
   * With `csrPem` (how real agents register): the request must be a PEM PKCS#10 whose signature
   * verifies (proof the requester holds the key) over an ECDSA P-256/P-384 or RSA ≥ 2048-bit key;
   * otherwise `INVALID_CSR` (400). Without it (development and admin registrations only), the
   * registry generates a P-256 key pair for the host and DISCARDS the private half: the certificate
   * is then good for the registry's records, DNS TLSA values and tests, but no server can use it.
   */
  async issueServerCertificate(
    pki: PkiRepository,
    req: ServerCertificateRequest,
  ): Promise<IssuedCertificate> {
    if (!Number.isInteger(req.validityDays) || req.validityDays < 1) {
      throw new RangeError(`validityDays must be a positive integer, got ${req.validityDays}`);
    }
    const publicKey = req.csrPem !== undefined ? await csrPublicKey(req.csrPem) : await throwawayPublicKey();
    const ca = await this.ca.load();
    const now = Date.now();
    const notBefore = wholeSeconds(new Date(now - BACKDATE_MS));
    const requestedEnd = wholeSeconds(new Date(now + req.validityDays * DAY_MS));
    // Never outlive the CA: a chain is only as valid as its shortest link.
    const notAfter = requestedEnd < ca.certificate.notAfter ? requestedEnd : ca.certificate.notAfter;
    const serialNumber = randomSerialNumber();
    const isRsa = String(publicKey.algorithm.name).startsWith('RSA');
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber,
      subject: [{ CN: [req.agentHost] }],
      issuer: ca.certificate.subjectName,
      notBefore,
      notAfter,
      publicKey,
      signingKey: ca.privateKey,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(
          isRsa
            ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment
            : x509.KeyUsageFlags.digitalSignature,
          true,
        ),
        new x509.ExtendedKeyUsageExtension([
          x509.ExtendedKeyUsage.serverAuth,
          x509.ExtendedKeyUsage.clientAuth,
        ]),
        new x509.SubjectAlternativeNameExtension([
          { type: 'dns', value: req.agentHost },
          { type: 'url', value: req.ansName },
        ]),
        new x509.AuthorityKeyIdentifierExtension(ca.keyIdentifier),
        await x509.SubjectKeyIdentifierExtension.create(publicKey),
      ],
    });
    const issued: IssuedCertificate = {
      serialNumber,
      certificatePem: certificate.toString('pem'),
      fingerprintSha256: sha256Hex(new Uint8Array(certificate.rawData)),
      notBefore,
      notAfter,
    };
    await pki.insertCertificate(certificateRow(req.agentId, issued));
    return issued;
  }
}

/** The row an issued certificate of `agentId` is stored as: not revoked. */
export function certificateRow(
  agentId: string,
  issued: IssuedCertificate,
): Omit<CertificateEntity, 'createdAt'> {
  return {
    serialNumber: issued.serialNumber,
    agentId,
    certificatePem: issued.certificatePem,
    fingerprintSha256: issued.fingerprintSha256,
    notBefore: issued.notBefore,
    notAfter: issued.notAfter,
    revokedAt: null,
    revocationReason: null,
  };
}

async function csrPublicKey(csrPem: string): Promise<x509.PublicKey> {
  if (csrPem.length > MAX_CSR_PEM_LENGTH || !PEM_CSR.test(csrPem)) {
    throw invalidCsr('the CSR must be a PEM-encoded PKCS#10 certificate request');
  }
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(csrPem);
  } catch {
    throw invalidCsr('the CSR is not a well-formed PKCS#10 certificate request');
  }
  let verified: boolean;
  try {
    verified = await csr.verify();
  } catch {
    verified = false;
  }
  if (!verified) throw invalidCsr("the CSR's signature does not verify with its own public key");
  if (!isAcceptedKey(csr.publicKey.algorithm)) {
    throw invalidCsr('the CSR key must be ECDSA P-256 or P-384, or RSA of at least 2048 bits');
  }
  return csr.publicKey;
}

function isAcceptedKey(algorithm: { name: string; namedCurve?: string; modulusLength?: number }): boolean {
  switch (algorithm.name) {
    case 'ECDSA':
      return algorithm.namedCurve === 'P-256' || algorithm.namedCurve === 'P-384';
    case 'RSASSA-PKCS1-v1_5':
    case 'RSA-PSS':
      return (algorithm.modulusLength ?? 0) >= 2048;
    default:
      return false;
  }
}

async function throwawayPublicKey(): Promise<x509.PublicKey> {
  const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  return x509.PublicKey.create(keys.publicKey);
}

function invalidCsr(message: string): PlatformError {
  return Errors.badRequest(INVALID_CSR, message);
}
