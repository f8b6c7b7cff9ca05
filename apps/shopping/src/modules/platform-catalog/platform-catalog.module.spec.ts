import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { PLATFORM_CONFIG } from '@platform/config';
import { DomainsClient } from '@platform/domains-client';
import { EntityManager } from 'typeorm';
import { PlatformCatalogModule } from './platform-catalog.module';
import { PLATFORM_CATALOG_DOMAINS, PlatformCatalogService } from './platform-catalog.service';

/** What ServiceKitModule gives every module of the app: the config and the EntityManager. */
@Global()
@Module({
  providers: [
    { provide: PLATFORM_CONFIG, useValue: { secretsEncryptionKey: Buffer.alloc(32, 7) } },
    { provide: EntityManager, useValue: {} },
  ],
  exports: [PLATFORM_CONFIG, EntityManager],
})
class AppBasics {}

describe('PlatformCatalogModule', () => {
  it('provides PlatformCatalogService over a DomainsClient for the given domains URL', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [AppBasics, PlatformCatalogModule.forRoot({ domainsUrl: 'http://127.0.0.1:1' })],
    }).compile();
    expect(moduleRef.get(PlatformCatalogService)).toBeInstanceOf(PlatformCatalogService);
    expect(moduleRef.get(PLATFORM_CATALOG_DOMAINS, { strict: false })).toBeInstanceOf(DomainsClient);
    await moduleRef.close();
  });
});
