import type { AgentEntity } from '../agents/agent.entity';
import type { ZoneChangeEntity } from './zone-change.entity';
import type { ZoneChangesRepository } from './zone-changes.repository';
import { publishChangeId, removeChangeId, toZoneRecord } from './zone-records';

async function write(
  zoneChanges: ZoneChangesRepository,
  changeId: string,
  agent: AgentEntity,
  change: Pick<ZoneChangeEntity, 'add' | 'remove'>,
): Promise<string> {
  await zoneChanges.insertPending({
    changeId,
    agentId: agent.agentId,
    accountId: agent.accountId,
    ...change,
  });
  return changeId;
}

/** In the activation's transaction (`zoneChanges` bound to it): the agent's published records, to add to the owner's zone. */
export function recordPublication(zoneChanges: ZoneChangesRepository, agent: AgentEntity): Promise<string> {
  return write(zoneChanges, publishChangeId(agent.agentId), agent, {
    add: agent.dnsRecords.map(toZoneRecord),
    remove: [],
  });
}

/** In the revocation's transaction (`zoneChanges` bound to it): exactly the revocation's dnsRecordsToRemove, to delete. */
export function recordRemoval(zoneChanges: ZoneChangesRepository, agent: AgentEntity): Promise<string> {
  return write(zoneChanges, removeChangeId(agent.agentId), agent, {
    add: [],
    remove: (agent.dnsRecordsToRemove ?? []).map(toZoneRecord),
  });
}
