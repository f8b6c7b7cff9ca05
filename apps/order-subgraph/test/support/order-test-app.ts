import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import {
  createTestCredential,
  createTestEnv,
  TEST_ENCRYPTION_KEY,
  FakeCommerce,
  startFakeCommerce,
  startWorkerHarness,
  TestCredential,
  TestEnv,
  WorkerHarness,
} from '@platform/testing';
import type { Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import { deriveInternalCredential } from '@platform/crypto';
import { FakeStorefrontServices, startFakeStorefrontServices } from './fake-storefront-services';
import { OrderAppModule } from '../../src/app.module';
import { loadOrderConfig } from '../../src/config/order.config';
import { loadOrderWorkerConfig } from '../../src/config/order-worker.config';
import { OutboxProcessor } from '../../src/modules/outbox/outbox.processor';
import { OrderWorkerModule } from '../../src/worker.module';

export const ORDER_PATH = '/v1/commerce/order-subgraph';
export const ORDER_STOREFRONT_PATH = '/v1/commerce/order-storefront-subgraph';

export const ALL_ORDER_SCOPES: Scope[] = [
  'commerce.order:read',
  'commerce.order:create',
  'commerce.order:update',
  'commerce.order:cancel',
  'commerce.order:complete',
  'commerce.order:archive',
];

export interface GqlResult<D = Record<string, unknown>> {
  readonly status: number;
  readonly body: {
    data?: D | null;
    errors?: {
      message: string;
      path?: (string | number)[];
      extensions: { code: string; fields?: { path: string; code: string }[] };
    }[];
  };
  readonly response: Response;
}

/** `data` of a response that must have it (fails the test with the errors otherwise). */
export function dataOf<D>(result: GqlResult<D>): D {
  if (!result.body.data) throw new Error(`no data: ${JSON.stringify(result.body.errors)}`);
  return result.body.data;
}

/** A caller: a token and a store it may use. */
export interface Caller {
  readonly credential: TestCredential;
  readonly storeId: string;
  gql<D = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GqlResult<D>>;
  /** The same on the storefront path. */
  storefront<D = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GqlResult<D>>;
}

/** The order subgraph on a private database and Redis prefix, with a fake commerce-rest for store visibility. */
export interface OrderTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  readonly commerce: FakeCommerce;
  /** The catalog's and tax subgraph's internal routes the order subgraph calls. */
  readonly services: FakeStorefrontServices;
  /** A new account + token with `scopes`, and a store visible to it. */
  newCaller(scopes?: readonly Scope[]): Promise<Caller>;
  /** POST a GraphQL request with exactly these headers. */
  post(body: unknown, headers: Record<string, string>, path?: string): Promise<GqlResult>;
  close(): Promise<void>;
}

export async function startOrderTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<OrderTestApp> {
  const commerce = await startFakeCommerce();
  const services = await startFakeStorefrontServices(
    deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex')),
  );
  const env = await createTestEnv(label, {
    RATE_LIMIT_CREDENTIAL_LIMIT: '100000',
    COMMERCE_REST_URL: commerce.url,
    CATALOG_SUBGRAPH_URL: services.url,
    TAX_SUBGRAPH_URL: services.url,
    ...overrides,
  });
  const config = loadOrderConfig({ ...env.env, PORT: '0' });
  const app = await createServiceApp(OrderAppModule.forRoot(config), {
    title: 'Order subgraph',
    openApi: false,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);

  const post = async (
    body: unknown,
    headers: Record<string, string>,
    path = ORDER_PATH,
  ): Promise<GqlResult> => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.json(), response };
  };

  return {
    env,
    app,
    dataSource,
    commerce,
    services,
    post,
    async newCaller(scopes = ALL_ORDER_SCOPES) {
      const credential = await createTestCredential(dataSource, scopes);
      const storeId = randomUUID();
      commerce.grant(credential.headers.authorization, storeId);
      services.addSku(storeId, { id: 'sku-mug', name: 'Mug', price: { value: 1250, currencyCode: 'USD' } });
      services.addSku(storeId, { id: 'sku-tee', name: 'Tee', price: { value: 1500, currencyCode: 'USD' } });
      return {
        credential,
        storeId,
        gql: (query, variables = {}, headers = {}) =>
          post({ query, variables }, { ...credential.headers, 'x-store-id': storeId, ...headers }) as never,
        storefront: (query, variables = {}) =>
          post(
            { query, variables },
            { ...credential.headers, 'x-store-id': storeId },
            ORDER_STOREFRONT_PATH,
          ) as never,
      };
    },
    async close() {
      await app.close();
      await commerce.close();
      await services.close();
      await env.teardown();
    },
  };
}

/** The order worker as worker.ts boots it, in-process on the suite's database and Redis prefix. */
export function startOrderWorker(t: Pick<OrderTestApp, 'env'>): Promise<WorkerHarness> {
  return startWorkerHarness(
    OrderWorkerModule.forRoot(loadOrderWorkerConfig({ ...t.env.env, PORT: '0' })),
    OutboxProcessor,
    'Order worker',
  );
}
