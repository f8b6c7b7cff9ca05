import { SecretBox } from '@platform/crypto';
import { TestEnv, createTestEnv } from '@platform/testing';
import { CertificateAuthorityEntity } from '../src/modules/pki/certificate-authority.entity';
import { KEY_ALGORITHM, SIGNING_ALGORITHM, webcrypto, x509 } from '../src/modules/pki/pki-x509';
import { REGISTRY_CA_NAME } from '../src/modules/pki/registry-ca.service';
import { openssl } from './support/pki-openssl';
import { PkiTestApp, startPkiTestApp } from './support/pki-test-app';

describe('agent registry CA', () => {
  let env: TestEnv;
  let first: PkiTestApp;
  let second: PkiTestApp;

  beforeAll(async () => {
    env = await createTestEnv('agents-pki-ca');
    // Two registry processes on one database (started one after the other: each migrates at boot).
    first = await startPkiTestApp(env);
    second = await startPkiTestApp(env);
  });

  afterAll(async () => {
    await Promise.allSettled([first?.close(), second?.close()]);
    await env?.teardown();
  });

  async function caRows(): Promise<CertificateAuthorityEntity[]> {
    return first.dataSource.getRepository(CertificateAuthorityEntity).find();
  }

  it('is created once when two processes start at the same moment on a new database, and both use that one', async () => {
    const fresh = await createTestEnv('agents-pki-ca-race');
    const apps = await Promise.all([startPkiTestApp(fresh), startPkiTestApp(fresh)]);
    try {
      const rows = await apps[0].dataSource.getRepository(CertificateAuthorityEntity).find();
      expect(rows).toHaveLength(1);
      expect(rows[0].name).toBe(REGISTRY_CA_NAME);
      const [a, b] = await Promise.all(apps.map((x) => x.ca.load()));
      expect(a.certificatePem).toBe(rows[0].certificatePem);
      expect(b.certificatePem).toBe(rows[0].certificatePem);
      // Loading again in the same process answers the same (memoized) CA.
      expect(await apps[0].ca.load()).toBe(a);
    } finally {
      await Promise.allSettled(apps.map((x) => x.close()));
      await fresh.teardown();
    }
  });

  it('is loaded at boot, so every process of one database shares one CA', async () => {
    const rows = await caRows();
    expect(rows).toHaveLength(1);
    expect((await first.ca.load()).certificatePem).toBe(rows[0].certificatePem);
    expect((await second.ca.load()).certificatePem).toBe(rows[0].certificatePem);
  });

  it('keeps its private key only sealed, under the current SECRETS_ENCRYPTION_KEY', async () => {
    const [row] = await caRows();
    const box = new SecretBox(env.config('agent-registry').secretsEncryptionKey);
    expect(row.keyId).toBe(box.keyId);

    const pkcs8Base64 = box.open(row.sealedPrivateKey, `agents-ca:${REGISTRY_CA_NAME}`);
    const pkcs8 = Buffer.from(pkcs8Base64, 'base64');
    expect(pkcs8.length).toBeGreaterThan(100);
    const pemBody = pkcs8Base64.slice(0, 64);
    expect(row.sealedPrivateKey.includes(pkcs8)).toBe(false);
    expect(row.sealedPrivateKey.includes(Buffer.from(pkcs8Base64))).toBe(false);
    expect(row.sealedPrivateKey.includes(Buffer.from(pemBody))).toBe(false);
    expect(row.sealedPrivateKey.includes(pkcs8.subarray(pkcs8.length - 32))).toBe(false);

    // The sealed key is the CA certificate's key.
    const privateKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, KEY_ALGORITHM, false, ['sign']);
    const data = Buffer.from('probe');
    const signature = await webcrypto.subtle.sign(SIGNING_ALGORITHM, privateKey, data);
    const cert = new x509.X509Certificate(row.certificatePem);
    const publicKey = await cert.publicKey.export(KEY_ALGORITHM, ['verify']);
    expect(await webcrypto.subtle.verify(SIGNING_ALGORITHM, publicKey, signature, data)).toBe(true);
  });

  it('is a self-signed P-256 CA certificate with the CA extensions', async () => {
    const { certificate, certificatePem } = await first.ca.load();
    expect(certificate.subject).toBe('CN=Developer Platform Agent Registry CA');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(await certificate.isSelfSigned()).toBe(true);
    const years = (certificate.notAfter.getTime() - certificate.notBefore.getTime()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);

    openssl(['verify', '-CAfile', '{ca.pem}', '{ca.pem}'], { 'ca.pem': certificatePem });
    const text = openssl(['x509', '-in', '{ca.pem}', '-noout', '-text'], { 'ca.pem': certificatePem }).stdout;
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Certificate Sign, CRL Sign/);
    expect(text).toContain('X509v3 Subject Key Identifier');
    expect(text).toContain('NIST CURVE: P-256');
    expect(text).toContain('Signature Algorithm: ecdsa-with-SHA256');
  });

  it('is reused by a process started later', async () => {
    const { certificatePem } = await first.ca.load();
    const third = await startPkiTestApp(env);
    try {
      expect((await third.ca.load()).certificatePem).toBe(certificatePem);
      expect(await caRows()).toHaveLength(1);
    } finally {
      await third.close();
    }
  });

  it('refuses to start with another SECRETS_ENCRYPTION_KEY rather than mint a second CA', async () => {
    await expect(startPkiTestApp(env, { SECRETS_ENCRYPTION_KEY: 'ab'.repeat(32) })).rejects.toThrow(
      /sealed with key [0-9a-f]{16}.*rotation is not implemented/,
    );
    expect(await caRows()).toHaveLength(1);
  });

  it('serves its certificate at GET /v1/agents/ca without credentials', async () => {
    const { certificatePem } = await first.ca.load();
    const res = await second.inject({ method: 'GET', url: '/v1/agents/ca' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-pem-file/);
    expect(res.body).toBe(certificatePem);
    expect(res.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });
});
