import { Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CertificateAuthorityEntity } from './certificate-authority.entity';
import { CertificateEntity } from './certificate.entity';
import { CertificateIssuer } from './certificate-issuer.service';
import { CrlEntity } from './crl.entity';
import { CrlService } from './crl.service';
import { RegistryCa } from './registry-ca.service';

/** Loads (on the very first start: creates) the CA at boot, so a wrong key fails the start, not a request. */
@Injectable()
export class RegistryCaBootstrap implements OnApplicationBootstrap {
  constructor(private readonly ca: RegistryCa) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ca.load();
  }
}

/**
 * The registry CA, certificate issuance and the CRL, without HTTP: what the worker imports (its
 * maintenance job calls CrlService.refreshIfDue). Needs PLATFORM_CONFIG and the DataSource, which
 * ServiceKitModule provides globally.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CertificateAuthorityEntity, CertificateEntity, CrlEntity])],
  providers: [RegistryCa, RegistryCaBootstrap, CertificateIssuer, CrlService],
  exports: [RegistryCa, CertificateIssuer, CrlService],
})
export class PkiCoreModule {}
