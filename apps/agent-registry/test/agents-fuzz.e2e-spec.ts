import { SCOPES } from '@platform/scopes';
import {
  TEST_ENCRYPTION_KEY,
  TestCredential,
  createTestEnv,
  describeOpenApiFuzz,
  readCommittedOpenApi,
} from '@platform/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TestEnv } from '@platform/testing';
import { createServiceApp } from '@platform/service-kit';
import { createTestCredential } from '@platform/testing';
import { DataSource } from 'typeorm';
import { AgentRegistryAppModule } from '../src/app.module';
import { loadAgentRegistrySettings } from '../src/config/agent-registry.config';
import { AgentRegistrationService } from '../src/modules/agents/agent-registration.service';
import {
  AGENT_REGISTRY_OPENAPI,
  AGENT_REGISTRY_OPENAPI_FILE,
  finishAgentRegistryDocument,
} from '../src/openapi/agent-registry-openapi';
import { uniqueHost } from './support/agents-test-app';

describe(`agent registry API fuzzed from ${AGENT_REGISTRY_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let cred: TestCredential;
  let agentIds: string[];

  beforeAll(async () => {
    env = await createTestEnv('agents-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' });
    // As main.ts builds it, so /docs serves what is committed.
    app = await createServiceApp(
      AgentRegistryAppModule.forRoot(env.config('agent-registry'), loadAgentRegistrySettings(env.env)),
      {
        title: AGENT_REGISTRY_OPENAPI.info.title,
        description: AGENT_REGISTRY_OPENAPI.info.description,
        openApi: finishAgentRegistryDocument,
      },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    cred = await createTestCredential(app.get(DataSource), SCOPES);
    const registration = app.get(AgentRegistrationService);
    const register = (status?: 'ACTIVE' | 'PENDING_VALIDATION') =>
      registration.register({
        accountId: cred.accountId,
        providerId: 'provider-1',
        agentHost: uniqueHost(),
        version: '1.0.0',
        ...(status ? { status } : {}),
      });
    agentIds = [(await register('ACTIVE')).agentId, (await register('PENDING_VALIDATION')).agentId];
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('serves the committed document at /docs/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.json()).toEqual(readCommittedOpenApi(AGENT_REGISTRY_OPENAPI_FILE));
  });

  // Found by the fuzzer: 3000 nested arrays overflowed class-transformer's stack and answered 500.
  it('answers 400 INVALID_BODY, not 500, to a revoke body nested thousands of levels deep', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/agents/${agentIds[0]}/revoke`,
      headers: { ...cred.headers, 'content-type': 'application/json' },
      payload: '['.repeat(3000) + ']'.repeat(3000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_BODY',
      message: 'the request body nests deeper than 64 levels',
    });
  });

  describeOpenApiFuzz(AGENT_REGISTRY_OPENAPI_FILE, () => ({
    document: readCommittedOpenApi(AGENT_REGISTRY_OPENAPI_FILE),
    shape: 'domains',
    inject: (opts) => app.inject(opts),
    token: cred.token,
    secrets: [cred.token, TEST_ENCRYPTION_KEY],
    knownValues: { agentId: agentIds, providerId: ['provider-1'] },
  }));
});
