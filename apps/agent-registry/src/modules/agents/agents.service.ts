import { Injectable } from '@nestjs/common';
import { AgentEventLog } from '../events/agent-event-log.service';
import { CertificateEntity } from '../pki/certificate.entity';
import { CrlService } from '../pki/crl.service';
import { PkiRepository } from '../pki/pki.repository';
import { recordRemoval } from '../zone-changes/zone-change-outbox';
import { ZoneChangeProducer } from '../zone-changes/zone-change.producer';
import { removeChangeId } from '../zone-changes/zone-records';
import { AgentEntity } from './agent.entity';
import type { RevocationReason } from './agent.model';
import { AgentsErrors } from './agents.errors';
import { AgentsRepository } from './agents.repository';
import { recordsToRemove } from './dns-records';

export interface RevokeCommand {
  readonly accountId: string;
  readonly agentId: string;
  readonly reason: RevocationReason;
  readonly comments?: string;
}

/**
 * Reads and revokes agents. Any caller with agents.agent:read may read a record (the registry is a
 * public directory, as is its event feed); only the registering account may revoke (others: 404).
 */
@Injectable()
export class AgentsService {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly pki: PkiRepository,
    private readonly crl: CrlService,
    private readonly events: AgentEventLog,
    private readonly zoneChanges: ZoneChangeProducer,
  ) {}

  async get(agentId: string): Promise<AgentEntity> {
    const agent = await this.agents.findById(agentId);
    if (!agent) throw AgentsErrors.agentNotFound();
    return agent;
  }

  /** The certificates issued for an agent, newest first. */
  async certificates(agentId: string): Promise<CertificateEntity[]> {
    await this.get(agentId);
    return this.pki.findCertificatesOfAgent(agentId);
  }

  /**
   * ACTIVE → REVOKED in one transaction: the agent row (locked), its certificates onto a newly
   * signed CRL, the DNS records to remove (and their zone change, an outbox row whose job is added
   * after the commit), and the AGENT_REVOKED event (last). Revoking a REVOKED agent again answers
   * the first revocation unchanged (idempotent replay, no second event; its job id is the first's).
   */
  async revoke(cmd: RevokeCommand, now = new Date()): Promise<AgentEntity> {
    const revoked = await this.revokeInTransaction(cmd, now);
    await this.zoneChanges.enqueue(removeChangeId(revoked.agentId));
    return revoked;
  }

  private revokeInTransaction(cmd: RevokeCommand, now: Date): Promise<AgentEntity> {
    return this.agents.transaction(async (tx) => {
      const agent = await tx.findByIdForUpdate(cmd.agentId);
      if (!agent || agent.accountId !== cmd.accountId.toLowerCase()) throw AgentsErrors.agentNotFound();
      if (agent.status === 'REVOKED') return agent;
      if (agent.status === 'PENDING_VALIDATION') throw AgentsErrors.cannotCancel(agent.expiresAt);
      if (agent.status === 'EXPIRED') throw AgentsErrors.agentExpired();

      const toRemove = recordsToRemove(
        agent.dnsRecords,
        agent.agentHost,
        await tx.otherActiveOnHost(agent.agentHost, agent.agentId),
      );
      Object.assign(agent, {
        status: 'REVOKED',
        revokedAt: now,
        revocationReason: cmd.reason,
        revocationComments: cmd.comments ?? null,
        dnsRecordsToRemove: toRemove,
        updatedAt: now,
      });
      await tx.save(agent);
      await recordRemoval(tx.zoneChanges, agent);
      const serialNumbers = await tx.pki.findSerialNumbersOfAgent(agent.agentId);
      await this.crl.revoke(tx.pki, {
        serialNumbers,
        reason: cmd.reason,
        revokedAt: now,
      });
      await this.events.append(tx.events, 'AGENT_REVOKED', agent, now);
      return agent;
    });
  }
}
