import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import { TestCredential, TestEnv, createTestCredential, createTestEnv } from '@platform/testing';
import type { InjectOptions, Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import { CommerceAppModule } from '../../src/app.module';
import { finishCommerceDocument } from '../../src/openapi/commerce-openapi';
import {
  StoreProvisioningService,
  type CreateStoreInput,
} from '../../src/modules/stores/store-provisioning.service';
import { StoresRepository } from '../../src/modules/stores/stores.repository';

/** The commerce service booted on a real, private database and Redis prefix for one suite. */
export interface CommerceTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  /** A fresh account with one token holding `scopes`. */
  newCredential(scopes: readonly Scope[], accountId?: string): Promise<TestCredential>;
  /** A store of `accountId`, created the way the admin CLI creates it. */
  newStore(
    accountId: string,
    input?: Omit<CreateStoreInput, 'accountId'>,
  ): Promise<{ storeId: string; businessId: string }>;
  inject(opts: InjectOptions): Promise<Response>;
  close(): Promise<void>;
}

export async function startCommerceTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<CommerceTestApp> {
  const env = await createTestEnv(label, { RATE_LIMIT_CREDENTIAL_LIMIT: '100000', ...overrides });
  const app = await createServiceApp(CommerceAppModule.forRoot(env.config('commerce-rest')), {
    title: 'Commerce',
    openApi: finishCommerceDocument,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  const provisioning = new StoreProvisioningService(new StoresRepository(dataSource.manager));
  return {
    env,
    app,
    dataSource,
    newCredential: (scopes, accountId) => createTestCredential(dataSource, scopes, { accountId }),
    newStore: (accountId, input = {}) => provisioning.createStore({ accountId, ...input }),
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await env.teardown();
    },
  };
}
