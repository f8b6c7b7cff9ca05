import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestEnv } from '@platform/testing';
import type { InjectOptions, Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import { CertificateIssuer } from '../../src/modules/pki/certificate-issuer.service';
import { CrlService } from '../../src/modules/pki/crl.service';
import { RegistryCa } from '../../src/modules/pki/registry-ca.service';
import { bootAgentsApp } from './agents-test-app';

/** The registry API, with handles on its PKI services, booted like a registry process over a suite's database. */
export interface PkiTestApp {
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  readonly ca: RegistryCa;
  readonly issuer: CertificateIssuer;
  readonly crls: CrlService;
  inject(opts: InjectOptions): Promise<Response>;
  close(): Promise<void>;
}

/** Several may run on one `env` at once: each is its own process as far as the database sees. */
export async function startPkiTestApp(
  env: TestEnv,
  overrides: Record<string, string> = {},
): Promise<PkiTestApp> {
  const app = await bootAgentsApp(env, overrides);
  return {
    app,
    dataSource: app.get(DataSource),
    ca: app.get(RegistryCa),
    issuer: app.get(CertificateIssuer),
    crls: app.get(CrlService),
    inject: (opts) => app.inject(opts),
    close: () => app.close(),
  };
}
