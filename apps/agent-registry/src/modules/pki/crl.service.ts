import { Injectable } from '@nestjs/common';
import { CRL_REASON_CODES, isCrlReasonName } from './crl-reasons';
import { CrlEntity } from './crl.entity';
import { derInteger, normalizeSerialNumber, wholeSeconds } from './pki-encoding';
import { SIGNING_ALGORITHM, x509 } from './pki-x509';
import { PkiRepository } from './pki.repository';
import { LoadedCa, RegistryCa } from './registry-ca.service';

export { CRL_ISSUE_LOCK_KEY } from './pki.repository';

const HOUR_MS = 60 * 60 * 1000;

/** A CRL's nextUpdate is its thisUpdate plus this. */
export const CRL_VALIDITY_MS = 7 * 24 * HOUR_MS;

/** refreshIfDue replaces the current CRL once its nextUpdate is closer than this (half its life). */
export const CRL_REFRESH_MARGIN_MS = CRL_VALIDITY_MS / 2;

/** id-ce-cRLNumber (RFC 5280 §5.2.3). */
const CRL_NUMBER_OID = '2.5.29.20';

export interface RevocationRequest {
  readonly serialNumbers: readonly string[];
  /** One of REVOCATION_REASONS (../agents/agent.model), or another name of CRL_REASON_CODES. */
  readonly reason: string;
  readonly revokedAt: Date;
}

/** The CRL relying parties download (GET /v1/agents/crl). */
export interface CurrentCrl {
  readonly der: Buffer;
  readonly crlNumber: string;
  readonly thisUpdate: Date;
  readonly nextUpdate: Date;
}

/**
 * The registry CA's certificate revocation list (X.509 v2, RFC 5280). Every CRL ever signed is
 * kept in `agents.crls` under its CRL number; the highest is the current one. A revocation issues
 * a new CRL in the revoking transaction, so the list is current the moment the revocation commits
 * (the ANS NFR asks for five minutes); the worker's maintenance job re-signs it before nextUpdate.
 *
 * Issuance is serialized with a transaction advisory lock. Each issuer computes its number and
 * lists the revoked certificates only after taking the lock, and under READ COMMITTED (Postgres's
 * default; do not call this from a REPEATABLE READ or SERIALIZABLE transaction) each statement
 * sees everything committed before it. So two revocations racing in parallel transactions get
 * consecutive numbers, and the later CRL contains both revocations.
 */
@Injectable()
export class CrlService {
  constructor(
    private readonly pki: PkiRepository,
    private readonly ca: RegistryCa,
  ) {}

  /**
   * Marks the given certificates revoked (those not revoked already keep their first date and
   * reason: revocation is idempotent) and, when that revoked any, issues a new CRL, all in the
   * caller's transaction (`pki`, the caller's transaction-bound copy). Run it late in the
   * transaction: the CRL lock is held until commit. A `pki` outside a transaction gets a
   * transaction of its own.
   */
  async revoke(pki: PkiRepository, req: RevocationRequest): Promise<void> {
    if (!isCrlReasonName(req.reason)) throw new RangeError(`not a CRL revocation reason: ${req.reason}`);
    if (req.serialNumbers.length === 0) return;
    const serialNumbers = [...new Set(req.serialNumbers.map(normalizeSerialNumber))];
    const reason = req.reason;
    await pki.inTransaction(async (tx) => {
      const affected = await tx.revokeCertificates(serialNumbers, req.revokedAt, reason);
      if (affected > 0) await this.issue(tx);
    });
  }

  /**
   * Signs and stores a new CRL numbered one above the highest so far (the first is 1), listing
   * every revoked certificate that has not been expired for longer than one CRL lifetime. RFC 5280
   * §3.3 keeps an entry until it has appeared on one regular CRL issued after the certificate
   * expired; with a refresh at half-life, a week of grace guarantees that. The query walks the
   * partial index `certificates_revoked_idx` (not_after, where revoked_at is not null).
   */
  async issue(pki: PkiRepository): Promise<CrlEntity> {
    // Load (or create) the CA before taking the lock, so the lock is never held across that.
    const ca = await this.ca.load();
    return pki.inTransaction(async (tx) => {
      await tx.lockCrlIssuance();
      return this.sign(tx, ca, (await tx.highestCrlNumber()) + 1n);
    });
  }

  /** The highest-numbered CRL; the first call on an empty registry issues number 1. */
  async current(): Promise<CurrentCrl> {
    const latest = await this.pki.findLatestCrl();
    if (latest) return toCurrent(latest);
    const ca = await this.ca.load();
    const first = await this.pki.transaction(async (tx) => {
      await tx.lockCrlIssuance();
      // Another process may have issued while this one waited for the lock.
      return (await tx.findLatestCrl()) ?? this.sign(tx, ca, 1n);
    });
    return toCurrent(first);
  }

  /**
   * Issues a fresh CRL when there is none or the current one's nextUpdate is less than
   * CRL_REFRESH_MARGIN_MS after `now`; true when it issued. Safe to run from several workers at
   * once: under the issuance lock it issues only if the current CRL is still the one it judged
   * due, so when another worker (or a revocation) got there first, it leaves that CRL alone.
   */
  async refreshIfDue(now: Date = new Date()): Promise<boolean> {
    const seen = await this.pki.findLatestCrlHeader();
    if (seen && seen.nextUpdate.getTime() - now.getTime() >= CRL_REFRESH_MARGIN_MS) return false;
    const ca = await this.ca.load();
    return this.pki.transaction(async (tx) => {
      await tx.lockCrlIssuance();
      const latest = await tx.findLatestCrlHeader();
      if (latest?.crlNumber !== seen?.crlNumber) return false;
      await this.sign(tx, ca, (await tx.highestCrlNumber()) + 1n);
      return true;
    });
  }

  /** Builds, signs and stores CRL `crlNumber`; the caller holds the issuance lock. */
  private async sign(tx: PkiRepository, ca: LoadedCa, crlNumber: bigint): Promise<CrlEntity> {
    const thisUpdate = wholeSeconds(new Date());
    const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
    const revoked = await tx.findRevokedExpiringAfter(new Date(thisUpdate.getTime() - CRL_VALIDITY_MS));
    const crl = await x509.X509CrlGenerator.create({
      issuer: ca.certificate.subjectName,
      thisUpdate,
      nextUpdate,
      signingAlgorithm: SIGNING_ALGORITHM,
      signingKey: ca.privateKey,
      extensions: [
        new x509.AuthorityKeyIdentifierExtension(ca.keyIdentifier),
        new x509.Extension(CRL_NUMBER_OID, false, derInteger(crlNumber)),
      ],
      entries: revoked.map((cert) => ({
        serialNumber: cert.serialNumber,
        // The query selected only revoked rows.
        revocationDate: cert.revokedAt ?? thisUpdate,
        reason: entryReason(cert.revocationReason),
      })),
    });
    const row: CrlEntity = Object.assign(new CrlEntity(), {
      crlNumber: crlNumber.toString(),
      thisUpdate,
      nextUpdate,
      der: Buffer.from(crl.rawData),
    });
    await tx.insertCrl(row);
    return row;
  }
}

/**
 * The entry's reasonCode. RFC 5280 §5.3.1: the extension SHOULD be absent rather than say
 * unspecified (0), so UNSPECIFIED, a missing reason and an unknown name all leave it out.
 */
function entryReason(reason: string | null): x509.X509CrlReason | undefined {
  if (reason === null || !isCrlReasonName(reason) || reason === 'UNSPECIFIED') return undefined;
  return CRL_REASON_CODES[reason];
}

function toCurrent(crl: CrlEntity): CurrentCrl {
  return { der: crl.der, crlNumber: crl.crlNumber, thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate };
}
