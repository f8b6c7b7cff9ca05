import { randomUUID } from 'node:crypto';
import { deriveInternalCredential } from '@platform/crypto';
import type { Scope } from '@platform/scopes';
import type { ServiceAppOptions } from '@platform/service-kit';
import {
  bootInProcessServiceApp,
  createTestEnv,
  startFakeCommerce,
  startFakeDomains,
  TEST_ENCRYPTION_KEY,
  type FakeCommerce,
  type FakeDomains,
  type InProcessServiceApp,
  type TestCredential,
} from '@platform/testing';
import type { InjectOptions, Response } from 'light-my-request';
import { ShoppingAppModule } from '../../src/app.module';
import { loadShoppingConfig, type ShoppingConfig } from '../../src/config/shopping.config';
import { startFakeAgent, type FakeAgent } from './fake-agent';
import { recordResponse, type RecordedResponse } from './ucp-responses';

export const SHOPPING_SCOPES: readonly Scope[] = [
  'shopping.catalog:read',
  'shopping.checkout:execute',
  'shopping.order:read',
];

/** The Shopping API in-process on a suite's own database and Redis prefix, with fake owners and an agent. */
export interface ShoppingTestApp extends InProcessServiceApp {
  readonly config: ShoppingConfig;
  readonly domains: FakeDomains;
  readonly commerce: FakeCommerce;
  readonly agent: FakeAgent;
  /** A buyer: an account with a token of the shopping scopes (or `scopes`). */
  buyer(scopes?: readonly Scope[]): Promise<TestCredential>;
  /** Every UCP answer of the suite with the schema it must satisfy (ucp-responses.ts). */
  readonly responses: RecordedResponse[];
  /** A UCP call as an agent makes it: UCP-Agent, JSON, and a fresh Idempotency-Key on writes. */
  ucp(
    cred: TestCredential,
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

export async function startShoppingTestApp(
  label: string,
  overrides: Record<string, string> = {},
  extra: {
    beforeBoot?: (env: Record<string, string>) => Promise<Record<string, string>>;
    /** main.ts's OpenAPI finishing, for a suite that reads /docs (the fuzz): finishShoppingDocument. */
    openApi?: ServiceAppOptions['openApi'];
  } = {},
): Promise<ShoppingTestApp> {
  const env = await createTestEnv(label, { RATE_LIMIT_CREDENTIAL_LIMIT: '100000' });
  const internal = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));
  const domains = await startFakeDomains(internal);
  const commerce = await startFakeCommerce();
  const agent = await startFakeAgent();
  const more = extra.beforeBoot ? await extra.beforeBoot(env.env) : {};
  const config = loadShoppingConfig({
    ...env.env,
    DOMAINS_URL: domains.url,
    COMMERCE_REST_URL: commerce.url,
    SHOPPING_OUTBOUND_ALLOW: `127.0.0.1:${agent.port}`,
    PUBLIC_BASE_URL: 'https://api.platform.test',
    ...more,
    ...overrides,
  });
  const booted = await bootInProcessServiceApp(env, ShoppingAppModule.forRoot(config), 'Shopping', {
    openApi: extra.openApi,
  });
  const responses: RecordedResponse[] = [];
  return {
    responses,
    ...booted,
    config,
    domains,
    commerce,
    agent,
    buyer: (scopes = SHOPPING_SCOPES) => booted.newCredential(scopes),
    async ucp(cred, method, url, body, headers = {}) {
      const write = method !== 'GET';
      const res = await booted.inject({
        method,
        url,
        headers: {
          ...cred.headers,
          'ucp-agent': agent.header,
          ...(write ? { 'idempotency-key': randomUUID(), 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      recordResponse(responses, String(method), url, res);
      return res;
    },
    async close() {
      await booted.close();
      await Promise.all([domains.close(), commerce.close(), agent.close()]);
    },
  };
}
