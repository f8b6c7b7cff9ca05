import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import type { DynamicModule } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { FakeCommerce, startFakeCommerce } from './fake-commerce';
import { TestEnv, createTestEnv } from './test-env';
import { TestCredential, createTestCredential } from './test-tokens';
import type { Response } from 'light-my-request';
import { DataSource } from 'typeorm';

export interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: {
    message: string;
    path?: (string | number)[];
    extensions: { code: string; fields?: { path: string; code: string }[] };
  }[];
}

export interface GqlOptions {
  readonly cred?: TestCredential;
  /** x-store-id; null sends none. */
  readonly store?: string | null;
  /** The {storeId} path segment; defaults to the header's store. */
  readonly pathStore?: string;
  readonly headers?: Record<string, string>;
}

/** A store-scoped subgraph on a private database and Redis prefix, with a fake commerce-rest for store visibility. */
export interface SubgraphTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly commerce: FakeCommerce;
  readonly dataSource: DataSource;
  /** The credential (every scope of the subgraph) and store a call uses unless told otherwise. */
  readonly defaults: { readonly cred: TestCredential; readonly store: string };
  /** An account with one token holding `scopes`, owning `stores` (granted in the fake commerce). */
  credential(
    scopes: readonly Scope[],
    stores?: readonly string[],
    accountId?: string,
  ): Promise<TestCredential>;
  /** A new store id visible to the given credentials. */
  store(...creds: TestCredential[]): string;
  post(body: object, options?: GqlOptions): Promise<Response>;
  /** POST, expecting HTTP 200; returns the body. */
  gql(query: string, variables?: Record<string, unknown>, options?: GqlOptions): Promise<GraphQLBody>;
  close(): Promise<void>;
}

/** What a subgraph app gives the harness: how to configure and build it, where it answers, its scopes. */
export interface SubgraphUnderTest<C> {
  readonly title: string;
  loadConfig(env: Record<string, string | undefined>): C;
  module(config: C): DynamicModule;
  /** The POST path for a store (`/v2/commerce/stores/${storeId}/tax-subgraph`). */
  path(storeId: string): string;
  /** Every scope of the subgraph: the default credential's. */
  readonly scopes: readonly Scope[];
  /** Largest request body (bytes), as the app's main.ts sets it; default createServiceApp's 1 MiB. */
  readonly bodyLimit?: number;
}

/**
 * Starts a subgraph app in-process for a suite (inject, no port); `overrides` are environment
 * variables (RATE_LIMIT_CREDENTIAL_LIMIT defaults to 100000 so suites are not limited).
 */
export async function startSubgraphTestApp<C extends { platform: PlatformConfig }>(
  subgraph: SubgraphUnderTest<C>,
  label: string,
  overrides: Record<string, string> = {},
): Promise<SubgraphTestApp> {
  const env = await createTestEnv(label, { RATE_LIMIT_CREDENTIAL_LIMIT: '100000', ...overrides });
  const commerce = await startFakeCommerce();
  const config = subgraph.loadConfig({
    ...env.env,
    COMMERCE_REST_URL: commerce.url,
    PORT: '0',
    ...overrides,
  });
  const app = await createServiceApp(subgraph.module(config), {
    title: subgraph.title,
    bodyLimit: subgraph.bodyLimit,
  });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const dataSource = app.get(DataSource);
  const defaultCred = await createTestCredential(dataSource, [...subgraph.scopes]);
  const defaults = { cred: defaultCred, store: randomUUID() };
  commerce.grant(defaultCred.headers.authorization, defaults.store);

  const post = (body: object, options: GqlOptions = {}) => {
    const cred = options.cred ?? defaults.cred;
    const store = options.store === undefined ? defaults.store : options.store;
    const pathStore = options.pathStore ?? store ?? randomUUID();
    return app.inject({
      method: 'POST',
      url: subgraph.path(pathStore),
      headers: {
        'content-type': 'application/json',
        ...(cred ? cred.headers : {}),
        ...(store ? { 'x-store-id': store } : {}),
        ...options.headers,
      },
      payload: JSON.stringify(body),
    });
  };

  const harness: SubgraphTestApp = {
    env,
    app,
    commerce,
    dataSource,
    defaults,
    async credential(scopes, stores = [], accountId) {
      const cred = await createTestCredential(dataSource, scopes, { accountId });
      for (const store of stores) commerce.grant(cred.headers.authorization, store);
      return cred;
    },
    store(...creds) {
      const id = randomUUID();
      for (const cred of creds) commerce.grant(cred.headers.authorization, id);
      return id;
    },
    post,
    async gql(query, variables, options) {
      const res = await post({ query, variables }, options);
      if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
      return res.json() as GraphQLBody;
    },
    async close() {
      await app.close();
      await commerce.close();
      await env.teardown();
    },
  };
  return harness;
}

/** The default credential and store of the harness. */
export function defaultsOf(harness: SubgraphTestApp): { cred: TestCredential; store: string } {
  return harness.defaults;
}

/** The data of a response, failing with the errors when there are any. */
export function dataOf<T = Record<string, unknown>>(body: GraphQLBody): T {
  if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}
