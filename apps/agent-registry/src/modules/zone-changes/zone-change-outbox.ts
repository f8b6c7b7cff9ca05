import type { EntityManager } from 'typeorm';
import type { AgentEntity } from '../agents/agent.entity';
import { ZoneChangeEntity } from './zone-change.entity';
import { publishChangeId, removeChangeId, toZoneRecord } from './zone-records';

async function write(
  manager: EntityManager,
  changeId: string,
  agent: AgentEntity,
  change: Pick<ZoneChangeEntity, 'add' | 'remove'>,
): Promise<string> {
  await manager.insert(ZoneChangeEntity, {
    changeId,
    agentId: agent.agentId,
    accountId: agent.accountId,
    ...change,
    status: 'PENDING',
    attempts: 0,
    lastError: null,
    appliedAt: null,
  });
  return changeId;
}

/** In the activation's transaction: the agent's published records, to add to the owner's zone. */
export function recordPublication(manager: EntityManager, agent: AgentEntity): Promise<string> {
  return write(manager, publishChangeId(agent.agentId), agent, {
    add: agent.dnsRecords.map(toZoneRecord),
    remove: [],
  });
}

/** In the revocation's transaction: exactly the revocation's dnsRecordsToRemove, to delete. */
export function recordRemoval(manager: EntityManager, agent: AgentEntity): Promise<string> {
  return write(manager, removeChangeId(agent.agentId), agent, {
    add: [],
    remove: (agent.dnsRecordsToRemove ?? []).map(toZoneRecord),
  });
}
