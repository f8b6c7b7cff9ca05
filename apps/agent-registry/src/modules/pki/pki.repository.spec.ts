import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { AGENTS_MIGRATION_SET } from '../../database/agents.migration-set';
import { CrlEntity } from './crl.entity';
import { PkiRepository } from './pki.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP.
describe('PkiRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let pki: PkiRepository;
  const day = 86_400_000;
  const now = new Date('2026-06-01T12:00:00.000Z');

  async function certificate(serialNumber: string, notAfter: Date): Promise<void> {
    await pki.insertCertificate({
      serialNumber,
      agentId: randomUUID(),
      certificatePem: 'PEM',
      fingerprintSha256: serialNumber.padEnd(64, '0'),
      notBefore: new Date(notAfter.getTime() - 30 * day),
      notAfter,
      revokedAt: null,
      revocationReason: null,
    });
  }

  function crl(crlNumber: string): CrlEntity {
    return Object.assign(new CrlEntity(), {
      crlNumber,
      thisUpdate: now,
      nextUpdate: new Date(now.getTime() + 7 * day),
      der: Buffer.from([crlNumber.length]),
    });
  }

  beforeAll(async () => {
    t = await openTestDataSource('pki-repository', [AGENTS_MIGRATION_SET]);
    pki = new PkiRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the first CA row when a second creator races it (ON CONFLICT DO NOTHING)', async () => {
    const row = {
      name: 'registry',
      keyId: 'k1',
      sealedPrivateKey: Buffer.from('first'),
      certificatePem: 'A',
    };
    await pki.insertCaUnlessExists(row);
    await pki.insertCaUnlessExists({ ...row, sealedPrivateKey: Buffer.from('second'), certificatePem: 'B' });
    expect(await pki.findCa('registry')).toMatchObject({ keyId: 'k1', certificatePem: 'A' });
  });

  it('revokes only what is not revoked yet: a second revocation keeps the first date and reason', async () => {
    await certificate('aa01', new Date(now.getTime() + 30 * day));
    await certificate('aa02', new Date(now.getTime() + 30 * day));
    expect(await pki.revokeCertificates(['aa01'], now, 'KEY_COMPROMISE')).toBe(1);
    expect(await pki.revokeCertificates(['aa01', 'aa02'], new Date(now.getTime() + day), 'SUPERSEDED')).toBe(
      1,
    );
    const listed = await pki.findRevokedExpiringAfter(now);
    expect(listed).toEqual([
      { serialNumber: 'aa01', revokedAt: now, revocationReason: 'KEY_COMPROMISE' },
      { serialNumber: 'aa02', revokedAt: new Date(now.getTime() + day), revocationReason: 'SUPERSEDED' },
    ]);
  });

  it('lists on a CRL only the revoked certificates that expired after the cut-off', async () => {
    await certificate('bb01', new Date(now.getTime() - 10 * day));
    await certificate('bb02', new Date(now.getTime() - 10 * day));
    await pki.revokeCertificates(['bb01'], now, 'KEY_COMPROMISE');
    const serials = async (cutOff: Date) =>
      (await pki.findRevokedExpiringAfter(cutOff)).map((c) => c.serialNumber);
    expect(await serials(new Date(now.getTime() - 11 * day))).toEqual(['aa01', 'aa02', 'bb01']);
    expect(await serials(new Date(now.getTime() - 10 * day))).toEqual(['aa01', 'aa02']);
  });

  it('numbers CRLs by the highest so far, numerically, and reads the latest', async () => {
    expect(await pki.highestCrlNumber()).toBe(0n);
    expect(await pki.findLatestCrl()).toBeUndefined();
    for (const n of ['1', '2', '10']) await pki.insertCrl(crl(n));
    expect(await pki.highestCrlNumber()).toBe(10n);
    expect((await pki.findLatestCrl())?.crlNumber).toBe('10');
    expect(await pki.findLatestCrlHeader()).toEqual({
      crlNumber: '10',
      nextUpdate: new Date(now.getTime() + 7 * day),
    });
  });

  it('joins the caller transaction when there is one, and opens its own otherwise', async () => {
    expect(await pki.inTransaction(async (tx) => tx !== pki)).toBe(true);
    await pki.transaction(async (tx) => {
      expect(await tx.inTransaction(async (inner) => inner === tx)).toBe(true);
    });
  });
});
