import type { ServiceTestApp, ServiceUnderTest } from '@platform/testing';
import { describeServedOpenApiFuzz, startServiceTestApp } from '@platform/testing';
import { AgentRegistryAppModule } from '../src/app.module';
import { loadAgentRegistrySettings } from '../src/config/agent-registry.config';
import { AgentRegistrationService } from '../src/modules/agents/agent-registration.service';
import { AGENT_REGISTRY_OPENAPI, AGENT_REGISTRY_OPENAPI_FILE } from '../src/openapi/agent-registry-openapi';
import { uniqueHost } from './support/agents-test-app';

/** The service as its main.ts builds it. */
const AGENT_REGISTRY: ServiceUnderTest = {
  module: (env) =>
    AgentRegistryAppModule.forRoot(env.config('agent-registry'), loadAgentRegistrySettings(env.env)),
  area: AGENT_REGISTRY_OPENAPI,
};

describe(`agent registry API fuzzed from ${AGENT_REGISTRY_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: ServiceTestApp;
  let agentIds: string[];

  beforeAll(async () => {
    t = await startServiceTestApp('agents-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' }, AGENT_REGISTRY);
    const registration = t.app.get(AgentRegistrationService);
    const register = (status?: 'ACTIVE' | 'PENDING_VALIDATION') =>
      registration.register({
        accountId: t.cred.accountId,
        providerId: 'provider-1',
        agentHost: uniqueHost(),
        version: '1.0.0',
        ...(status ? { status } : {}),
      });
    agentIds = [(await register('ACTIVE')).agentId, (await register('PENDING_VALIDATION')).agentId];
  });

  afterAll(() => t?.close());

  // Found by the fuzzer: 3000 nested arrays overflowed class-transformer's stack and answered 500.
  it('answers 400 INVALID_BODY, not 500, to a revoke body nested thousands of levels deep', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `/v1/agents/${agentIds[0]}/revoke`,
      headers: { ...t.cred.headers, 'content-type': 'application/json' },
      payload: '['.repeat(3000) + ']'.repeat(3000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_BODY',
      message: 'the request body nests deeper than 64 levels',
    });
  });

  describeServedOpenApiFuzz(AGENT_REGISTRY_OPENAPI_FILE, 'domains', () => ({
    inject: (opts) => t.inject(opts),
    token: t.cred.token,
    knownValues: { agentId: agentIds, providerId: ['provider-1'] },
  }));
});
