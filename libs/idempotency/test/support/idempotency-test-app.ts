import { Module, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ErrorFamily } from '@platform/errors';
import { ServiceKitModule, createServiceApp } from '@platform/service-kit';
import { createTestCredential, createTestEnv } from '@platform/testing';
import { DataSource } from 'typeorm';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyModule } from '../../src';
import { Calls, IdempotencyTestController } from './test-routes.controller';

export interface IdempotencyTestApp {
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  /** The token of a fresh account, made at start. */
  readonly token: string;
  /** A fresh account and token (the test routes require no particular scope). */
  newToken(): Promise<string>;
  /** Lets a held test route go, closes the app, drops the suite's database and deletes its Redis keys. */
  close(): Promise<void>;
}

/**
 * A real service (ServiceKit with the idempotency schema, IdempotencyModule) around test
 * controllers, on a private database and Redis prefix (`label`). What it started is closed again
 * when starting fails.
 */
async function startIdempotencyTestApp(
  label: string,
  errorFamily: ErrorFamily,
  controllers: Type<unknown>[],
): Promise<IdempotencyTestApp> {
  const env = await createTestEnv(label);
  const config = env.config(`idempotency-${errorFamily}`);

  @Module({
    imports: [
      IdempotencyModule,
      ServiceKitModule.forRoot({ config, errorFamily, migrationSets: [IDEMPOTENCY_MIGRATION_SET] }),
    ],
    controllers,
  })
  class IdempotencyTestModule {}

  let app: NestFastifyApplication | undefined;
  const close = async () => {
    Calls.gate?.release();
    await app?.close();
    await env.teardown();
  };
  try {
    app = await createServiceApp(IdempotencyTestModule, { title: 'idempotency test' });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const dataSource = app.get(DataSource);
    const newToken = async () => (await createTestCredential(dataSource, ['email.mailbox:create'])).token;
    return { app, dataSource, token: await newToken(), newToken, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The test app around the test routes (IdempotencyTestController) for the suite it is called in:
 * started before its tests, the routes' Calls reset before each, closed after them. The returned
 * function gives the app once the suite's beforeAll has run.
 */
export function useIdempotencyTestApp(label: string, errorFamily: ErrorFamily): () => IdempotencyTestApp {
  let service: IdempotencyTestApp | undefined;
  beforeAll(async () => {
    service = await startIdempotencyTestApp(label, errorFamily, [IdempotencyTestController]);
  });
  beforeEach(() => Calls.reset());
  afterAll(() => service?.close());
  return () => {
    if (!service) throw new Error(`the idempotency test app ${label} did not start`);
    return service;
  };
}
