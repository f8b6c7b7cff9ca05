import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Scope } from '@platform/scopes';
import type { TestCredential, TestEnv } from '@platform/testing';
import type { InjectOptions, Response } from 'light-my-request';
import type { DataSource } from 'typeorm';
import type { AgentEndpoint } from '../../src/modules/agents/agent.model';
import type { AgentEventType } from '../../src/modules/events/agent-event.entity';
import { AgentEventLog, AgentSnapshot } from '../../src/modules/events/agent-event-log.service';
import { AgentEventsRepository } from '../../src/modules/events/agent-events.repository';
import { startAgentsTestApp } from './agents-test-app';

export interface EventsTestApp {
  readonly env: TestEnv;
  readonly app: NestFastifyApplication;
  readonly dataSource: DataSource;
  readonly log: AgentEventLog;
  newCredential(scopes: readonly Scope[]): Promise<TestCredential>;
  /** Appends one event in its own transaction, as a registry writer would. */
  append(eventType: AgentEventType, agent: AgentSnapshot, at?: Date): Promise<string>;
  inject(opts: InjectOptions): Promise<Response>;
  close(): Promise<void>;
}

/** The registry API with a handle on its event log, for the feed's suites. */
export async function startEventsTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<EventsTestApp> {
  const t = await startAgentsTestApp(label, overrides);
  const log = t.app.get(AgentEventLog);
  return {
    env: t.env,
    app: t.app,
    dataSource: t.dataSource,
    log,
    newCredential: (scopes) => t.newCredential(scopes),
    append: async (eventType, agent, at) =>
      (await t.dataSource.transaction((m) => log.append(new AgentEventsRepository(m), eventType, agent, at)))
        .logId,
    inject: t.inject,
    close: t.close,
  };
}

export const SAMPLE_ENDPOINTS: AgentEndpoint[] = [
  {
    agentUrl: 'https://agent.example.com/mcp',
    metaDataUrl: 'https://agent.example.com/.well-known/agent-card.json',
    documentationUrl: 'https://agent.example.com/docs',
    protocol: 'MCP',
    transports: ['STREAMABLE-HTTP'],
    functions: [{ id: 'lookup', name: 'Lookup', tags: ['search', 'read'] }],
  },
  { agentUrl: 'https://agent.example.com/a2a', protocol: 'A2A', transports: ['JSON-RPC', 'REST'] },
];

/** An agent snapshot; override any field. */
export function agentSnapshot(n: number, overrides: Partial<AgentSnapshot> = {}): AgentSnapshot {
  const agentHost = `agent${n}.example.com`;
  return {
    agentId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ansName: `ans://v1.0.${n}.${agentHost}`,
    agentHost,
    displayName: `Agent ${n}`,
    description: `Agent number ${n}`,
    version: `1.0.${n}`,
    providerId: 'provider-a',
    endpoints: SAMPLE_ENDPOINTS,
    ...overrides,
  };
}
