import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CertificateAuthorityEntity } from './certificate-authority.entity';
import { CertificateEntity } from './certificate.entity';
import { CertificateIssuer } from './certificate-issuer.service';
import { CrlEntity } from './crl.entity';
import { CrlService } from './crl.service';
import { PkiRepository } from './pki.repository';
import { RegistryCaBootstrap } from './registry-ca-bootstrap.service';
import { RegistryCa } from './registry-ca.service';

/**
 * The registry CA, certificate issuance and the CRL, without HTTP: what the worker imports (its
 * maintenance job calls CrlService.refreshIfDue). Needs PLATFORM_CONFIG and the EntityManager, which
 * ServiceKitModule provides globally.
 */
@Module({
  imports: [TypeOrmModule.forFeature([CertificateAuthorityEntity, CertificateEntity, CrlEntity])],
  providers: [PkiRepository, RegistryCa, RegistryCaBootstrap, CertificateIssuer, CrlService],
  exports: [PkiRepository, RegistryCa, CertificateIssuer, CrlService],
})
export class PkiCoreModule {}
