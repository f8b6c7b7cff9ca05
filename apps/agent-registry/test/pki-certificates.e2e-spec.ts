import { PlatformError } from '@platform/errors';
import { TestEnv, createTestEnv } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { CertificateEntity } from '../src/modules/pki/certificate.entity';
import {
  IssuedCertificate,
  ServerCertificateRequest,
  certificateRow,
} from '../src/modules/pki/certificate-issuer.service';
import { KEY_ALGORITHM, SIGNING_ALGORITHM, webcrypto, x509 } from '../src/modules/pki/pki-x509';
import { PkiRepository } from '../src/modules/pki/pki.repository';
import { openssl } from './support/pki-openssl';
import { PkiTestApp, startPkiTestApp } from './support/pki-test-app';

const DAY_MS = 86_400_000;

describe('agent server certificates', () => {
  let env: TestEnv;
  let pki: PkiTestApp;
  let caPem: string;

  beforeAll(async () => {
    env = await createTestEnv('agents-pki-certs');
    pki = await startPkiTestApp(env);
    caPem = (await pki.ca.load()).certificatePem;
  });

  afterAll(async () => {
    await pki?.close();
    await env?.teardown();
  });

  function request(overrides: Partial<ServerCertificateRequest> = {}): ServerCertificateRequest {
    const agentHost = overrides.agentHost ?? `agent-${randomUUID().slice(0, 8)}.example.com`;
    return {
      agentId: randomUUID(),
      agentHost,
      ansName: `ans://v1.2.3.${agentHost}`,
      validityDays: 30,
      ...overrides,
    };
  }

  function issue(req: ServerCertificateRequest): Promise<IssuedCertificate> {
    return pki.dataSource.transaction((manager) =>
      pki.issuer.issueServerCertificate(new PkiRepository(manager), req),
    );
  }

  async function csrPem(keys: webcrypto.CryptoKeyPair, signingAlgorithm: object = SIGNING_ALGORITHM) {
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({
      name: 'CN=whatever-the-agent-asks.example.org',
      keys,
      signingAlgorithm,
    });
    return csr.toString('pem');
  }

  async function issueError(req: ServerCertificateRequest): Promise<PlatformError> {
    const error: unknown = await issue(req).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }

  it('issues a certificate that openssl verifies against the CA, with the host and ANS name', async () => {
    const req = request();
    const issued = await issue(req);
    const files = { 'ca.pem': caPem, 'cert.pem': issued.certificatePem };

    expect(openssl(['verify', '-CAfile', '{ca.pem}', '{cert.pem}'], files).stdout).toContain('cert.pem: OK');
    const san = openssl(['x509', '-in', '{cert.pem}', '-noout', '-ext', 'subjectAltName'], files).stdout;
    expect(san).toContain(`DNS:${req.agentHost}`);
    expect(san).toContain(`URI:${req.ansName}`);
    const text = openssl(['x509', '-in', '{cert.pem}', '-noout', '-text'], files).stdout;
    expect(text).toContain(`Subject: CN = ${req.agentHost}`);
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(text).toMatch(
      /X509v3 Extended Key Usage:\s*\n\s+TLS Web Server Authentication, TLS Web Client Authentication/,
    );
    expect(text).toContain('X509v3 Authority Key Identifier');
    expect(text).toContain('X509v3 Subject Key Identifier');
  });

  it('uses a positive 16-byte serial in lower-case hex, as openssl prints it', async () => {
    const issued = await issue(request());
    expect(issued.serialNumber).toMatch(/^[0-7][0-9a-f]{31}$/);
    expect(issued.serialNumber).not.toMatch(/^00/);
    const printed = openssl(['x509', '-in', '{cert.pem}', '-noout', '-serial'], {
      'cert.pem': issued.certificatePem,
    }).stdout;
    expect(printed.trim()).toBe(`serial=${issued.serialNumber.toUpperCase()}`);
  });

  it('records what it issued, with the fingerprint and validity of the certificate itself', async () => {
    const req = request({ validityDays: 90 });
    const before = Date.now();
    const issued = await issue(req);
    const cert = new x509.X509Certificate(issued.certificatePem);

    const fingerprint = openssl(['x509', '-in', '{cert.pem}', '-noout', '-fingerprint', '-sha256'], {
      'cert.pem': issued.certificatePem,
    }).stdout;
    expect(fingerprint.split('=')[1].trim().replace(/:/g, '').toLowerCase()).toBe(issued.fingerprintSha256);
    expect(issued.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.notBefore.getTime()).toBe(cert.notBefore.getTime());
    expect(issued.notAfter.getTime()).toBe(cert.notAfter.getTime());
    expect(issued.notBefore.getTime()).toBeLessThanOrEqual(before);
    expect(Math.abs(issued.notAfter.getTime() - (before + 90 * DAY_MS))).toBeLessThan(60_000);

    const row = await pki.dataSource
      .getRepository(CertificateEntity)
      .findOneByOrFail({ serialNumber: issued.serialNumber });
    expect(row).toMatchObject(certificateRow(req.agentId, issued));
  });

  it("writes through the caller's transaction: a rollback leaves no certificate", async () => {
    let serial = '';
    await expect(
      pki.dataSource.transaction(async (manager) => {
        serial = (await pki.issuer.issueServerCertificate(new PkiRepository(manager), request()))
          .serialNumber;
        throw new Error('registration failed later');
      }),
    ).rejects.toThrow('registration failed later');
    expect(serial).not.toBe('');
    expect(await pki.dataSource.getRepository(CertificateEntity).existsBy({ serialNumber: serial })).toBe(
      false,
    );
  });

  it("certifies a CSR's public key, ignoring the subject the CSR asks for", async () => {
    const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
    const req = request({ csrPem: await csrPem(keys) });
    const issued = await issue(req);
    const cert = new x509.X509Certificate(issued.certificatePem);
    const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', keys.publicKey));
    expect(Buffer.from(cert.publicKey.rawData).equals(spki)).toBe(true);
    expect(cert.subject).toBe(`CN=${req.agentHost}`);
    openssl(['verify', '-CAfile', '{ca.pem}', '{cert.pem}'], {
      'ca.pem': caPem,
      'cert.pem': issued.certificatePem,
    });
  });

  it('accepts an RSA 2048 CSR and marks the key for key encipherment too', async () => {
    const rsa = {
      name: 'RSASSA-PKCS1-v1_5',
      hash: 'SHA-256',
      publicExponent: new Uint8Array([1, 0, 1]),
      modulusLength: 2048,
    };
    const keys = (await webcrypto.subtle.generateKey(rsa, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const issued = await issue(request({ csrPem: await csrPem(keys, rsa) }));
    const text = openssl(['x509', '-in', '{cert.pem}', '-noout', '-text'], {
      'cert.pem': issued.certificatePem,
    }).stdout;
    expect(text).toContain('Public-Key: (2048 bit)');
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Key Encipherment/);
  });

  it('refuses garbage, a tampered request and weak keys with INVALID_CSR, issuing nothing', async () => {
    const count = () => pki.dataSource.getRepository(CertificateEntity).count();
    const before = await count();

    for (const garbage of [
      'not a csr',
      '-----BEGIN CERTIFICATE REQUEST-----\nZ2FyYmFnZQ==\n-----END CERTIFICATE REQUEST-----\n',
      caPem,
    ]) {
      const error = await issueError(request({ csrPem: garbage }));
      expect(error.status).toBe(400);
      expect(error.code).toBe('INVALID_CSR');
    }

    // A well-formed request whose subject was changed after signing: the signature no longer verifies.
    const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
    const der = Buffer.from(new x509.Pkcs10CertificateRequest(await csrPem(keys)).rawData);
    const at = der.indexOf(Buffer.from('whatever-the-agent-asks'));
    expect(at).toBeGreaterThan(0);
    der[at] = 'W'.charCodeAt(0);
    const tampered = new x509.Pkcs10CertificateRequest(der).toString('pem');
    const tamperedError = await issueError(request({ csrPem: tampered }));
    expect(tamperedError.code).toBe('INVALID_CSR');
    expect(tamperedError.message).toMatch(/signature/);

    const weak = {
      name: 'RSASSA-PKCS1-v1_5',
      hash: 'SHA-256',
      publicExponent: new Uint8Array([1, 0, 1]),
      modulusLength: 1024,
    };
    const weakKeys = (await webcrypto.subtle.generateKey(weak, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const weakError = await issueError(request({ csrPem: await csrPem(weakKeys, weak) }));
    expect(weakError.code).toBe('INVALID_CSR');
    expect(weakError.message).toMatch(/2048/);

    expect(await count()).toBe(before);
  });
});
