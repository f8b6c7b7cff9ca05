import { Injectable } from '@nestjs/common';
import { EntityManager, In, IsNull, MoreThan, Not } from 'typeorm';
import { CertificateAuthorityEntity } from './certificate-authority.entity';
import { CertificateEntity } from './certificate.entity';
import { CrlEntity } from './crl.entity';

/**
 * Transaction-scoped advisory lock key that serializes CRL issuance. Bytes of ASCII "agntcrls" as
 * a bigint: outside the int4 range, so it cannot meet the 32-bit keys other code takes, and not
 * the event feed's "agntevts". A string, since a JS number cannot hold it exactly.
 */
export const CRL_ISSUE_LOCK_KEY = '7018699990443912307';

/** A certificate row as written (created_at is the database's). */
export type CertificateRow = Omit<CertificateEntity, 'createdAt'>;

/** The columns of a CA row the registry writes. */
export type CaRow = Pick<
  CertificateAuthorityEntity,
  'name' | 'keyId' | 'sealedPrivateKey' | 'certificatePem'
>;

/**
 * Storage of the registry's PKI (schema `agents`): the CA row, the issued certificates and every
 * CRL signed. `transaction(work)` runs `work` with a copy bound to one transaction; the agents'
 * own transactions hand their copy out as `AgentsRepository.pki`.
 */
@Injectable()
export class PkiRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: PkiRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new PkiRepository(manager)));
  }

  /** Runs `work` in this copy's transaction, or in a new one when this copy is not in one. */
  inTransaction<T>(work: (tx: PkiRepository) => Promise<T>): Promise<T> {
    return this.manager.queryRunner?.isTransactionActive ? work(this) : this.transaction(work);
  }

  findCa(name: string): Promise<CertificateAuthorityEntity | null> {
    return this.manager.getRepository(CertificateAuthorityEntity).findOneBy({ name });
  }

  /** Inserts the CA row unless one of that name exists (the race's losers insert nothing). */
  async insertCaUnlessExists(row: CaRow): Promise<void> {
    await this.manager.query(
      `INSERT INTO "agents"."certificate_authorities" ("name", "key_id", "sealed_private_key", "certificate_pem")
       VALUES ($1, $2, $3, $4) ON CONFLICT ("name") DO NOTHING`,
      [row.name, row.keyId, row.sealedPrivateKey, row.certificatePem],
    );
  }

  async insertCertificate(row: CertificateRow): Promise<void> {
    await this.manager.getRepository(CertificateEntity).insert(row);
  }

  /** The certificates issued for an agent, newest first. */
  findCertificatesOfAgent(agentId: string): Promise<CertificateEntity[]> {
    return this.manager.find(CertificateEntity, {
      where: { agentId },
      order: { createdAt: 'DESC', serialNumber: 'ASC' },
    });
  }

  async findSerialNumbersOfAgent(agentId: string): Promise<string[]> {
    const rows = await this.manager.find(CertificateEntity, {
      select: { serialNumber: true },
      where: { agentId },
    });
    return rows.map((c) => c.serialNumber);
  }

  /** Marks revoked those of the certificates not revoked yet; how many it marked. */
  async revokeCertificates(serialNumbers: string[], revokedAt: Date, reason: string): Promise<number> {
    const result = await this.manager
      .getRepository(CertificateEntity)
      .update(
        { serialNumber: In(serialNumbers), revokedAt: IsNull() },
        { revokedAt, revocationReason: reason },
      );
    return result.affected ?? 0;
  }

  /**
   * The revoked certificates whose notAfter is after `expiredSince`, by serial number: the
   * partial index `certificates_revoked_idx` (not_after, where revoked_at is not null).
   */
  findRevokedExpiringAfter(
    expiredSince: Date,
  ): Promise<Pick<CertificateEntity, 'serialNumber' | 'revokedAt' | 'revocationReason'>[]> {
    return this.manager.getRepository(CertificateEntity).find({
      select: { serialNumber: true, revokedAt: true, revocationReason: true },
      where: { revokedAt: Not(IsNull()), notAfter: MoreThan(expiredSince) },
      order: { serialNumber: 'ASC' },
    });
  }

  /** Until the transaction ends, other CRL issuers wait here (advisory lock CRL_ISSUE_LOCK_KEY). */
  async lockCrlIssuance(): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock($1::bigint)', [CRL_ISSUE_LOCK_KEY]);
  }

  /** The highest CRL number so far, 0 before the first. */
  async highestCrlNumber(): Promise<bigint> {
    const rows: { n: string }[] = await this.manager.query(
      'SELECT COALESCE(MAX("crl_number"), 0)::text AS "n" FROM "agents"."crls"',
    );
    return BigInt(rows[0]?.n ?? '0');
  }

  /** The highest-numbered CRL, if any. */
  async findLatestCrl(): Promise<CrlEntity | undefined> {
    const latest = await this.manager
      .getRepository(CrlEntity)
      .find({ order: { crlNumber: 'DESC' }, take: 1 });
    return latest[0];
  }

  /** The number and nextUpdate of the highest-numbered CRL, if any. */
  async findLatestCrlHeader(): Promise<Pick<CrlEntity, 'crlNumber' | 'nextUpdate'> | undefined> {
    const rows = await this.manager.getRepository(CrlEntity).find({
      select: { crlNumber: true, nextUpdate: true },
      order: { crlNumber: 'DESC' },
      take: 1,
    });
    return rows[0];
  }

  async insertCrl(row: CrlEntity): Promise<void> {
    await this.manager.getRepository(CrlEntity).insert(row);
  }
}
