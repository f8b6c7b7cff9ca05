import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, MoreThan, Not } from 'typeorm';
import { CertificateEntity } from './certificate.entity';
import { CRL_REASON_CODES, isCrlReasonName } from './crl-reasons';
import { CrlEntity } from './crl.entity';
import { derInteger, normalizeSerialNumber, wholeSeconds } from './pki-encoding';
import { SIGNING_ALGORITHM, x509 } from './pki-x509';
import { LoadedCa, RegistryCa } from './registry-ca.service';

/**
 * Transaction-scoped advisory lock key that serializes CRL issuance. Bytes of ASCII "agntcrls" as
 * a bigint: outside the int4 range, so it cannot meet the 32-bit keys other code takes, and not
 * the event feed's "agntevts". A string, since a JS number cannot hold it exactly.
 */
export const CRL_ISSUE_LOCK_KEY = '7018699990443912307';

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
    private readonly dataSource: DataSource,
    private readonly ca: RegistryCa,
  ) {}

  /**
   * Marks the given certificates revoked (those not revoked already keep their first date and
   * reason: revocation is idempotent) and, when that revoked any, issues a new CRL, all in the
   * caller's transaction. Run it late in the transaction: the CRL lock is held until commit.
   * A `manager` outside a transaction gets a transaction of its own.
   */
  async revoke(manager: EntityManager, req: RevocationRequest): Promise<void> {
    if (!isCrlReasonName(req.reason)) throw new RangeError(`not a CRL revocation reason: ${req.reason}`);
    if (req.serialNumbers.length === 0) return;
    const serialNumbers = [...new Set(req.serialNumbers.map(normalizeSerialNumber))];
    const reason = req.reason;
    await inTransaction(manager, async (tx) => {
      const result = await tx
        .getRepository(CertificateEntity)
        .update(
          { serialNumber: In(serialNumbers), revokedAt: IsNull() },
          { revokedAt: req.revokedAt, revocationReason: reason },
        );
      if ((result.affected ?? 0) > 0) await this.issue(tx);
    });
  }

  /**
   * Signs and stores a new CRL numbered one above the highest so far (the first is 1), listing
   * every revoked certificate that has not been expired for longer than one CRL lifetime. RFC 5280
   * §3.3 keeps an entry until it has appeared on one regular CRL issued after the certificate
   * expired; with a refresh at half-life, a week of grace guarantees that. The query is the
   * partial index `certificates_revoked_idx` (not_after, where revoked_at is not null).
   */
  async issue(manager: EntityManager): Promise<CrlEntity> {
    // Load (or create) the CA before taking the lock, so the lock is never held across that.
    const ca = await this.ca.load();
    return inTransaction(manager, async (tx) => {
      await lockIssuance(tx);
      return this.sign(tx, ca, (await highestNumber(tx)) + 1n);
    });
  }

  /** The highest-numbered CRL; the first call on an empty registry issues number 1. */
  async current(): Promise<CurrentCrl> {
    const latest = await this.dataSource
      .getRepository(CrlEntity)
      .find({ order: { crlNumber: 'DESC' }, take: 1 });
    if (latest[0]) return toCurrent(latest[0]);
    const ca = await this.ca.load();
    const first = await this.dataSource.transaction(async (tx) => {
      await lockIssuance(tx);
      // Another process may have issued while this one waited for the lock.
      const issued = await tx.getRepository(CrlEntity).find({ order: { crlNumber: 'DESC' }, take: 1 });
      return issued[0] ?? this.sign(tx, ca, 1n);
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
    const seen = await latestHeader(this.dataSource.manager);
    if (seen && seen.nextUpdate.getTime() - now.getTime() >= CRL_REFRESH_MARGIN_MS) return false;
    const ca = await this.ca.load();
    return this.dataSource.transaction(async (tx) => {
      await lockIssuance(tx);
      const latest = await latestHeader(tx);
      if (latest?.crlNumber !== seen?.crlNumber) return false;
      await this.sign(tx, ca, (await highestNumber(tx)) + 1n);
      return true;
    });
  }

  /** Builds, signs and stores CRL `crlNumber`; the caller holds the issuance lock. */
  private async sign(tx: EntityManager, ca: LoadedCa, crlNumber: bigint): Promise<CrlEntity> {
    const thisUpdate = wholeSeconds(new Date());
    const nextUpdate = new Date(thisUpdate.getTime() + CRL_VALIDITY_MS);
    const revoked = await tx.getRepository(CertificateEntity).find({
      select: { serialNumber: true, revokedAt: true, revocationReason: true },
      where: {
        revokedAt: Not(IsNull()),
        notAfter: MoreThan(new Date(thisUpdate.getTime() - CRL_VALIDITY_MS)),
      },
      order: { serialNumber: 'ASC' },
    });
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
    await tx.getRepository(CrlEntity).insert(row);
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

async function lockIssuance(tx: EntityManager): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [CRL_ISSUE_LOCK_KEY]);
}

async function highestNumber(tx: EntityManager): Promise<bigint> {
  const rows: { n: string }[] = await tx.query(
    'SELECT COALESCE(MAX("crl_number"), 0)::text AS "n" FROM "agents"."crls"',
  );
  return BigInt(rows[0]?.n ?? '0');
}

async function latestHeader(
  manager: EntityManager,
): Promise<Pick<CrlEntity, 'crlNumber' | 'nextUpdate'> | undefined> {
  const rows = await manager.getRepository(CrlEntity).find({
    select: { crlNumber: true, nextUpdate: true },
    order: { crlNumber: 'DESC' },
    take: 1,
  });
  return rows[0];
}

function toCurrent(crl: CrlEntity): CurrentCrl {
  return { der: crl.der, crlNumber: crl.crlNumber, thisUpdate: crl.thisUpdate, nextUpdate: crl.nextUpdate };
}

/** Runs `work` in the caller's transaction, or in a new one when `manager` is not in one. */
function inTransaction<T>(manager: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return manager.queryRunner?.isTransactionActive ? work(manager) : manager.transaction(work);
}
