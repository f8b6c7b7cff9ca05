import { Module, Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ErrorFamily } from '@platform/errors';
import { ServiceKitModule, createServiceApp } from '@platform/service-kit';
import { TestCredential, TestEnv, createTestCredential } from '@platform/testing';
import { DataSource } from 'typeorm';
import { RateLimitModule } from '../../src';

export interface RateLimitTestApp {
  readonly app: NestFastifyApplication;
  /** A fresh account and token (the test routes require no particular scope). */
  newCredential(): Promise<TestCredential>;
  close(): Promise<void>;
}

export interface RateLimitTestAppOptions {
  readonly errorFamily: ErrorFamily;
  readonly controllers: Type<unknown>[];
  /** Environment overrides (RATE_LIMIT_*) on top of the suite's database and Redis prefix. */
  readonly env?: Record<string, string>;
}

/** A real service (ServiceKit + RateLimitModule on Fastify) around the given test controllers. */
export async function startRateLimitTestApp(
  env: TestEnv,
  options: RateLimitTestAppOptions,
): Promise<RateLimitTestApp> {
  const config = env.config('rate-limit-test', options.env);

  // RateLimitModule before ServiceKitModule: the per-IP guard must precede the AuthGuard.
  @Module({
    imports: [
      RateLimitModule,
      ServiceKitModule.forRoot({ config, errorFamily: options.errorFamily, migrationSets: [] }),
    ],
    controllers: options.controllers,
  })
  class RateLimitTestModule {}

  const app = await createServiceApp(RateLimitTestModule, { title: 'rate-limit test' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    newCredential: () => createTestCredential(app.get(DataSource), ['commerce.store:read']),
    close: () => app.close(),
  };
}
