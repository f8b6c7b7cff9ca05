import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import { TestCredential, TestEnv, createTestCredential, createTestEnv } from '@platform/testing';
import type { InjectOptions, Response } from 'light-my-request';
import { DataSource } from 'typeorm';
import { AgentRegistryAppModule } from '../../src/app.module';
import { loadAgentRegistrySettings } from '../../src/config/agent-registry.config';
import { AgentRegistrationService } from '../../src/modules/agents/agent-registration.service';
import type { AgentEntity } from '../../src/modules/agents/agent.entity';
import type { RegistrationInput } from '../../src/modules/agents/registration-rules';
import { AgentRegistryWorkerModule } from '../../src/worker.module';

export const ALL_AGENT_SCOPES: Scope[] = ['agents.agent:read', 'agents.agent:revoke', 'agents.event:read'];

/** The agent registry API booted on a real, private database and Redis prefix for one suite. */
export interface AgentsTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  newCredential(scopes?: readonly Scope[], accountId?: string): Promise<TestCredential>;
  /** What `agent register` does; unique host per call unless given. */
  register(accountId: string, overrides?: Partial<RegistrationInput>): Promise<AgentEntity>;
  inject(opts: InjectOptions): Promise<Response>;
  close(): Promise<void>;
}

/** A fresh host name under example.com, so suites never collide on an ansName. */
export const uniqueHost = (): string => `agent-${randomUUID().slice(0, 8)}.example.com`;

/** The full registry API (AgentRegistryAppModule) on `env`; several may share one env, as processes do. */
export async function bootAgentsApp(
  env: TestEnv,
  overrides: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(
    AgentRegistryAppModule.forRoot(
      env.config('agent-registry', overrides),
      loadAgentRegistrySettings({ ...env.env, ...overrides }),
    ),
    { title: 'Agent registry' },
  );
  try {
    await app.init();
  } catch (e) {
    // A failed boot (e.g. the CA cannot be opened) must not leave pools and clients open.
    await app.close().catch(() => undefined);
    throw e;
  }
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export async function startAgentsTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<AgentsTestApp> {
  const env = await createTestEnv(label, { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000', ...overrides });
  const app = await bootAgentsApp(env);
  const dataSource = app.get(DataSource);
  const registration = app.get(AgentRegistrationService);
  return {
    env,
    app,
    dataSource,
    newCredential: (scopes = ALL_AGENT_SCOPES, accountId) =>
      createTestCredential(dataSource, scopes, { accountId }),
    register: (accountId, o = {}) =>
      registration.register({
        accountId,
        providerId: 'provider-1',
        agentHost: uniqueHost(),
        version: '1.0.0',
        ...o,
      }),
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await env.teardown();
    },
  };
}

/** The registry worker (maintenance jobs) on the suite's database and Redis prefix. */
export async function startAgentsWorker(
  env: TestEnv,
  overrides: Record<string, string> = {},
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(
    AgentRegistryWorkerModule.forRoot(
      env.config('agent-registry-worker', overrides),
      loadAgentRegistrySettings({ ...env.env, ...overrides }),
    ),
    { title: 'Agent registry worker', openApi: false },
  );
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
