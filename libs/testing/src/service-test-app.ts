import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import { createServiceApp, type ServiceAppOptions } from '@platform/service-kit';
import type { InjectOptions, Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import type { TestEnv } from './test-env';
import { TestCredential, createTestCredential } from './test-tokens';

/** A REST service's app in-process on a suite's environment (inject, no port). */
export interface InProcessServiceApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  newCredential(scopes: readonly Scope[], accountId?: string): Promise<TestCredential>;
  inject(opts: InjectOptions): Promise<Response>;
  /** Closes the app, then drops the environment's database and Redis keys. */
  close(): Promise<void>;
}

/**
 * `module` built by createServiceApp (as main.ts builds it) on `env`, initialised and ready for
 * inject; `options` are more of main.ts's (the OpenAPI finishing, for a suite that reads /docs).
 */
export async function bootInProcessServiceApp(
  env: TestEnv,
  module: DynamicModule,
  title: string,
  options: Omit<ServiceAppOptions, 'title'> = {},
): Promise<InProcessServiceApp> {
  const app = await createServiceApp(module, { ...options, title });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  return {
    env,
    app,
    dataSource,
    newCredential: (scopes, accountId) => createTestCredential(dataSource, scopes, { accountId }),
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await env.teardown();
    },
  };
}
