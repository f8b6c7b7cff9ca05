import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { SecretBox } from '@platform/crypto';
import { CertificateAuthorityEntity } from './certificate-authority.entity';
import { randomSerialNumber, wholeSeconds } from './pki-encoding';
import { CryptoKey, KEY_ALGORITHM, SIGNING_ALGORITHM, webcrypto, x509 } from './pki-x509';
import { PkiRepository } from './pki.repository';

/** The row name of the registry's one CA (`certificate_authorities.name`). */
export const REGISTRY_CA_NAME = 'registry';

export const REGISTRY_CA_SUBJECT = 'CN=Developer Platform Agent Registry CA';

/** The CA certificate's lifetime; long, since rotation is not implemented. */
export const REGISTRY_CA_VALIDITY_YEARS = 10;

/** Associated data of the sealed key: a box copied into another row (or table) does not open. */
const SEAL_AAD = `agents-ca:${REGISTRY_CA_NAME}`;

/** The CA as the issuer and the CRL service use it. */
export interface LoadedCa {
  readonly certificate: x509.X509Certificate;
  readonly certificatePem: string;
  /** Non-extractable; signs certificates and CRLs. */
  readonly privateKey: CryptoKey;
  /** The CA's subject key identifier (hex): the authority key identifier of what it signs. */
  readonly keyIdentifier: string;
}

/**
 * The registry's private certificate authority. The first process of the registry (API or worker)
 * to need it creates it; every later load, in any process, reads the same row. Creation is
 * race-safe: each racer generates a key, `INSERT … ON CONFLICT (name) DO NOTHING` lets exactly one
 * row in, and every racer then re-reads and uses that row (the losers' keys are dropped unused).
 *
 * The private key is stored only sealed with SECRETS_ENCRYPTION_KEY (SecretBox, AES-256-GCM) and
 * is imported non-extractable. The row records which key sealed it (`keyId`); a process started
 * with another key refuses to run rather than mint a second CA, because agents already trust
 * the first one. Rotating the CA or the sealing key is not implemented.
 */
@Injectable()
export class RegistryCa {
  private readonly box: SecretBox;
  private loading?: Promise<LoadedCa>;

  constructor(
    private readonly pki: PkiRepository,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
  ) {
    this.box = new SecretBox(config.secretsEncryptionKey);
  }

  /**
   * The CA, created on first use. Memoized per process; a failed load (database down) is not,
   * so the next call retries.
   */
  load(): Promise<LoadedCa> {
    this.loading ??= this.loadOrCreate().catch((error: unknown) => {
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  /** The CA certificate in PEM, as GET /v1/agents/ca serves it. */
  async certificatePem(): Promise<string> {
    return (await this.load()).certificatePem;
  }

  private async loadOrCreate(): Promise<LoadedCa> {
    const row = (await this.read()) ?? (await this.create());
    if (row.keyId !== this.box.keyId) {
      throw new Error(
        `the agent registry CA's private key was sealed with key ${row.keyId}, but SECRETS_ENCRYPTION_KEY ` +
          `is key ${this.box.keyId}; start the registry with the key that created the CA ` +
          '(CA or key rotation is not implemented)',
      );
    }
    const pkcs8 = Buffer.from(this.box.open(row.sealedPrivateKey, SEAL_AAD), 'base64');
    const privateKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, KEY_ALGORITHM, false, ['sign']);
    const certificate = new x509.X509Certificate(row.certificatePem);
    await assertKeyMatches(certificate, privateKey);
    const ski = certificate.getExtension(x509.SubjectKeyIdentifierExtension);
    if (!ski) throw new Error('the agent registry CA certificate has no subject key identifier');
    return { certificate, certificatePem: row.certificatePem, privateKey, keyIdentifier: ski.keyId };
  }

  private read(): Promise<CertificateAuthorityEntity | null> {
    return this.pki.findCa(REGISTRY_CA_NAME);
  }

  private async create(): Promise<CertificateAuthorityEntity> {
    const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
    const notBefore = wholeSeconds(new Date(Date.now() - 60 * 60 * 1000));
    const notAfter = new Date(notBefore);
    notAfter.setUTCFullYear(notAfter.getUTCFullYear() + REGISTRY_CA_VALIDITY_YEARS);
    const certificate = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: randomSerialNumber(),
      name: REGISTRY_CA_SUBJECT,
      notBefore,
      notAfter,
      keys,
      signingAlgorithm: SIGNING_ALGORITHM,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
    await this.pki.insertCaUnlessExists({
      name: REGISTRY_CA_NAME,
      keyId: this.box.keyId,
      sealedPrivateKey: this.box.seal(pkcs8.toString('base64'), SEAL_AAD),
      certificatePem: certificate.toString('pem'),
    });
    pkcs8.fill(0);
    const row = await this.read();
    if (!row) throw new Error('the agent registry CA row vanished right after it was inserted');
    return row;
  }
}

/** Refuses a row whose certificate and key do not belong together (a hand-edited or mixed-up row). */
async function assertKeyMatches(certificate: x509.X509Certificate, privateKey: CryptoKey): Promise<void> {
  const probe = Buffer.from('agent-registry-ca-probe');
  const signature = await webcrypto.subtle.sign(SIGNING_ALGORITHM, privateKey, probe);
  const publicKey = await certificate.publicKey.export(KEY_ALGORITHM, ['verify']);
  if (!(await webcrypto.subtle.verify(SIGNING_ALGORITHM, publicKey, signature, probe))) {
    throw new Error("the agent registry CA's private key does not match its certificate");
  }
}
