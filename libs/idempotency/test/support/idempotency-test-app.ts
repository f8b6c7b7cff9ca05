import { Module, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ErrorFamily } from '@platform/errors';
import { ServiceKitModule, createServiceApp } from '@platform/service-kit';
import { TestEnv, createTestCredential } from '@platform/testing';
import { DataSource } from 'typeorm';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyModule } from '../../src';

export interface IdempotencyTestApp {
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  /** A fresh account and token (the test routes require no particular scope). */
  newToken(): Promise<string>;
  close(): Promise<void>;
}

/** A real service (ServiceKit with the idempotency schema, IdempotencyModule) around test controllers. */
export async function startIdempotencyTestApp(
  env: TestEnv,
  errorFamily: ErrorFamily,
  controllers: Type<unknown>[],
): Promise<IdempotencyTestApp> {
  const config = env.config(`idempotency-${errorFamily}`);

  @Module({
    imports: [
      IdempotencyModule,
      ServiceKitModule.forRoot({ config, errorFamily, migrationSets: [IDEMPOTENCY_MIGRATION_SET] }),
    ],
    controllers,
  })
  class IdempotencyTestModule {}

  const app = await createServiceApp(IdempotencyTestModule, { title: 'idempotency test' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  return {
    app,
    dataSource,
    newToken: async () => (await createTestCredential(dataSource, ['email.mailbox:create'])).token,
    close: () => app.close(),
  };
}
