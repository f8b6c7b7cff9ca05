import { TestEnv, createTestEnv } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import type { Response } from 'light-my-request';
import { CertificateEntity } from '../src/modules/pki/certificate.entity';
import { CrlEntity } from '../src/modules/pki/crl.entity';
import { CRL_REFRESH_MARGIN_MS, CRL_VALIDITY_MS } from '../src/modules/pki/crl.service';
import { x509 } from '../src/modules/pki/pki-x509';
import { PkiRepository } from '../src/modules/pki/pki.repository';
import { crlSerials, normalizeHex, openssl } from './support/pki-openssl';
import { PkiTestApp, startPkiTestApp } from './support/pki-test-app';

const DAY_MS = 86_400_000;

describe('agent registry CRL', () => {
  let env: TestEnv;
  let pki: PkiTestApp;
  let caPem: string;

  beforeAll(async () => {
    env = await createTestEnv('agents-pki-crl');
    pki = await startPkiTestApp(env);
    caPem = (await pki.ca.load()).certificatePem;
  });

  afterAll(async () => {
    await pki?.close();
    await env?.teardown();
  });

  async function issueCertificate(): Promise<string> {
    const agentHost = `agent-${randomUUID().slice(0, 8)}.example.com`;
    const issued = await pki.dataSource.transaction((manager) =>
      pki.issuer.issueServerCertificate(new PkiRepository(manager), {
        agentId: randomUUID(),
        agentHost,
        ansName: `ans://v1.0.0.${agentHost}`,
        validityDays: 30,
      }),
    );
    return issued.serialNumber;
  }

  function revoke(serialNumbers: string[], reason = 'KEY_COMPROMISE', revokedAt = new Date()): Promise<void> {
    return pki.dataSource.transaction((manager) =>
      pki.crls.revoke(new PkiRepository(manager), { serialNumbers, reason, revokedAt }),
    );
  }

  function getCrl(query = '', headers: Record<string, string> = {}): Promise<Response> {
    return pki.inject({ method: 'GET', url: `/v1/agents/crl${query}`, headers });
  }

  async function crlCount(): Promise<number> {
    return pki.dataSource.getRepository(CrlEntity).count();
  }

  /** openssl's view of a DER CRL, checked against the CA certificate. */
  function inspect(der: Buffer): { text: string; verified: boolean } {
    const out = openssl(
      ['crl', '-inform', 'DER', '-in', '{crl.der}', '-noout', '-text', '-CAfile', '{ca.pem}'],
      {
        'crl.der': der,
        'ca.pem': caPem,
      },
    );
    return { text: out.stdout, verified: /verify OK/.test(out.stderr + out.stdout) };
  }

  it('serves CRL number 1, empty, on a registry that has revoked nothing', async () => {
    expect(await crlCount()).toBe(0);
    const res = await getCrl();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pkix-crl');
    expect(res.headers['etag']).toBe('"1"');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { text, verified } = inspect(res.rawPayload);
    expect(verified).toBe(true);
    expect(text).toContain('Version 2 (0x1)');
    expect(text).toMatch(/X509v3 CRL Number:\s*\n\s+1\n/);
    expect(text).toContain('No Revoked Certificates.');
    expect(await crlCount()).toBe(1);
  });

  it('lists a revoked certificate with its reason in a CRL that openssl verifies against the CA', async () => {
    const revoked = await issueCertificate();
    const kept = await issueCertificate();
    const before = (await pki.crls.current()).crlNumber;
    await revoke([revoked]);

    const res = await getCrl();
    expect(res.statusCode).toBe(200);
    expect(res.headers['etag']).toBe(`"${BigInt(before) + 1n}"`);
    const { text, verified } = inspect(res.rawPayload);
    expect(verified).toBe(true);
    expect(crlSerials(text)).toContain(normalizeHex(revoked));
    expect(crlSerials(text)).not.toContain(normalizeHex(kept));
    expect(text).toMatch(/CRL Reason Code:\s*\n\s+Key Compromise/);
    expect(text).toContain('Signature Algorithm: ecdsa-with-SHA256');
    expect(text).toContain('X509v3 Authority Key Identifier');

    const crl = new x509.X509Crl(res.rawPayload);
    const thisUpdate = crl.thisUpdate.getTime();
    expect(crl.nextUpdate?.getTime()).toBe(thisUpdate + CRL_VALIDITY_MS);
    expect(Math.abs(thisUpdate - Date.now())).toBeLessThan(60_000);
    const row = await pki.dataSource
      .getRepository(CertificateEntity)
      .findOneByOrFail({ serialNumber: revoked });
    expect(row.revocationReason).toBe('KEY_COMPROMISE');
    expect(row.revokedAt).not.toBeNull();
  });

  it('numbers each CRL one above the last', async () => {
    const first = BigInt((await pki.crls.current()).crlNumber);
    await pki.dataSource.transaction((manager) => pki.crls.issue(new PkiRepository(manager)));
    const issued = await pki.crls.issue(new PkiRepository(pki.dataSource.manager));
    expect(BigInt(issued.crlNumber)).toBe(first + 2n);
    expect((await pki.crls.current()).crlNumber).toBe(issued.crlNumber);
    const text = inspect((await getCrl()).rawPayload).text;
    expect(text).toMatch(new RegExp(`X509v3 CRL Number:\\s*\\n\\s+${first + 2n}\\n`));
  });

  it('keeps the first revocation of a certificate and issues nothing when it is revoked again', async () => {
    const serial = await issueCertificate();
    const firstDate = new Date(Date.now() - 60_000);
    await revoke([serial], 'AFFILIATION_CHANGED', firstDate);
    const count = await crlCount();
    await revoke([serial], 'KEY_COMPROMISE', new Date());
    await revoke([]);
    expect(await crlCount()).toBe(count);
    const row = await pki.dataSource
      .getRepository(CertificateEntity)
      .findOneByOrFail({ serialNumber: serial });
    expect(row.revocationReason).toBe('AFFILIATION_CHANGED');
    expect(row.revokedAt?.getTime()).toBe(firstDate.getTime());
  });

  it('encodes each RFC 5280 reason, leaving the reason out for UNSPECIFIED', async () => {
    const reasons = {
      UNSPECIFIED: undefined,
      CESSATION_OF_OPERATION: x509.X509CrlReason.cessationOfOperation,
      PRIVILEGE_WITHDRAWN: x509.X509CrlReason.privilegeWithdrawn,
      AA_COMPROMISE: x509.X509CrlReason.aACompromise,
      SUPERSEDED: x509.X509CrlReason.superseded,
    };
    const serials: Record<string, string> = {};
    for (const reason of Object.keys(reasons)) {
      serials[reason] = await issueCertificate();
      await revoke([serials[reason]], reason);
    }
    const crl = new x509.X509Crl((await getCrl()).rawPayload);
    for (const [reason, code] of Object.entries(reasons)) {
      const entry = crl.entries.find((e) => normalizeHex(e.serialNumber) === normalizeHex(serials[reason]));
      expect(entry).toBeDefined();
      expect(entry?.reason).toBe(code);
    }
    await expect(revoke([serials.UNSPECIFIED], 'EXPIRED_CERT')).rejects.toThrow(RangeError);
  });

  it('also serves PEM with format=pem, and refuses other formats with a domains-shaped 400', async () => {
    const der = (await getCrl()).rawPayload;
    const res = await getCrl('?format=pem');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-pem-file');
    expect(res.body).toMatch(/^-----BEGIN X509 CRL-----\n/);
    expect(res.body).toMatch(/\n-----END X509 CRL-----\n$/);
    const fromPem = openssl(['crl', '-in', '{crl.pem}', '-outform', 'DER', '-out', '{out.der}'], {
      'crl.pem': res.body,
    });
    expect(fromPem.stderr).toBe('');
    expect(Buffer.from(new x509.X509Crl(res.body).rawData).equals(der)).toBe(true);
    expect((await getCrl('?format=der')).rawPayload.equals(der)).toBe(true);

    const bad = await getCrl('?format=xml');
    expect(bad.statusCode).toBe(400);
    const body = bad.json() as { code: string; message: string };
    expect(body.code).toBe('INVALID_FORMAT');
    expect(typeof body.message).toBe('string');
  });

  it('answers 304 to If-None-Match naming the current CRL, 200 once a newer one exists', async () => {
    const first = await getCrl();
    const etag = String(first.headers['etag']);
    const notModified = await getCrl('', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['etag']).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=60');
    expect((await getCrl('', { 'if-none-match': `"0", W/${etag}` })).statusCode).toBe(304);

    await revoke([await issueCertificate()]);
    const changed = await getCrl('', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
  });

  it('gives concurrent revocations distinct, increasing numbers, and the last CRL lists them all', async () => {
    const serials = await Promise.all(Array.from({ length: 6 }, () => issueCertificate()));
    const before = BigInt((await pki.crls.current()).crlNumber);
    await Promise.all(serials.map((serial) => revoke([serial])));

    const numbers = (await pki.dataSource.getRepository(CrlEntity).find({ order: { crlNumber: 'ASC' } }))
      .map((crl) => BigInt(crl.crlNumber))
      .filter((n) => n > before);
    expect(numbers).toEqual(serials.map((_, i) => before + BigInt(i + 1)));
    const current = await pki.crls.current();
    expect(BigInt(current.crlNumber)).toBe(before + 6n);
    const { text, verified } = inspect(current.der);
    expect(verified).toBe(true);
    expect(crlSerials(text)).toEqual(expect.arrayContaining(serials.map(normalizeHex)));
  });

  it('drops a revoked certificate once it has been expired for longer than a CRL lifetime', async () => {
    const recentlyExpired = await issueCertificate();
    const longExpired = await issueCertificate();
    const certificates = pki.dataSource.getRepository(CertificateEntity);
    await certificates.update({ serialNumber: recentlyExpired }, { notAfter: new Date(Date.now() - DAY_MS) });
    await certificates.update({ serialNumber: longExpired }, { notAfter: new Date(Date.now() - 8 * DAY_MS) });
    await revoke([recentlyExpired, longExpired], 'CESSATION_OF_OPERATION');

    const listed = crlSerials(inspect((await pki.crls.current()).der).text);
    expect(listed).toContain(normalizeHex(recentlyExpired));
    expect(listed).not.toContain(normalizeHex(longExpired));
  });

  it('refreshes the CRL only when its nextUpdate is near', async () => {
    const current = await pki.crls.current();
    expect(await pki.crls.refreshIfDue()).toBe(false);
    const justBefore = new Date(current.nextUpdate.getTime() - CRL_REFRESH_MARGIN_MS - 1000);
    expect(await pki.crls.refreshIfDue(justBefore)).toBe(false);
    expect((await pki.crls.current()).crlNumber).toBe(current.crlNumber);

    const due = new Date(current.nextUpdate.getTime() - CRL_REFRESH_MARGIN_MS + 1000);
    // Several workers at once: exactly one of them issues.
    const results = await Promise.all([pki.crls.refreshIfDue(due), pki.crls.refreshIfDue(due)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const refreshed = await pki.crls.current();
    expect(BigInt(refreshed.crlNumber)).toBe(BigInt(current.crlNumber) + 1n);
    expect(refreshed.nextUpdate.getTime()).toBeGreaterThanOrEqual(current.nextUpdate.getTime());
    // The refreshed CRL still lists what the previous one did.
    expect(crlSerials(inspect(refreshed.der).text)).toEqual(crlSerials(inspect(current.der).text));
    expect(await pki.crls.refreshIfDue()).toBe(false);
  });
});
