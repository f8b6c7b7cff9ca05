import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AGENT_REGISTRY_SETTINGS } from '../../config/agent-registry.config';
import type { AgentRegistrySettings } from '../../config/agent-registry.config';
import { AgentEventLog } from '../events/agent-event-log.service';
import { CertificateIssuer } from '../pki/certificate-issuer.service';
import { recordPublication } from '../zone-changes/zone-change-outbox';
import { ZoneChangeProducer } from '../zone-changes/zone-change.producer';
import { publishChangeId } from '../zone-changes/zone-records';
import { AgentEntity } from './agent.entity';
import { ansNameOf } from './agent.model';
import { AgentsErrors } from './agents.errors';
import { AgentsRepository, isAnsNameTaken } from './agents.repository';
import { publishedRecords } from './dns-records';
import { RegistrationInput, validateRegistration } from './registration-rules';

/**
 * Registers an agent in one transaction: the record, for an ACTIVE agent its server certificate,
 * DNS records and their zone change (outbox row, job added after the commit: docs/agents.md,
 * "Records in the owner's zone"), and the AGENT_REGISTERED event (appended last; see AgentEventLog). The admin
 * CLI calls it today; a public `POST /v1/agents/register` would call the same method.
 * A PENDING_VALIDATION registration gets no certificate and publishes nothing until validated;
 * it lapses to EXPIRED after AGENT_PENDING_TTL_S (the worker's maintenance job).
 */
@Injectable()
export class AgentRegistrationService {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly issuer: CertificateIssuer,
    private readonly events: AgentEventLog,
    private readonly zoneChanges: ZoneChangeProducer,
    @Inject(AGENT_REGISTRY_SETTINGS) private readonly settings: AgentRegistrySettings,
  ) {}

  async register(input: RegistrationInput, now = new Date()): Promise<AgentEntity> {
    const valid = validateRegistration(input);
    const agentId = randomUUID();
    const ansName = ansNameOf(valid.version, valid.agentHost);
    let registered: AgentEntity;
    try {
      registered = await this.agents.transaction(async (tx) => {
        // Fails fast before a certificate is made; the unique index is what guarantees it.
        if (await tx.ansNameExists(ansName)) throw AgentsErrors.ansNameTaken(ansName);
        const active = valid.status === 'ACTIVE';
        const certificate = active
          ? await this.issuer.issueServerCertificate(tx.pki, {
              agentId,
              agentHost: valid.agentHost,
              ansName,
              csrPem: valid.csrPem,
              validityDays: this.settings.certificateValidityDays,
            })
          : undefined;
        const agent = await tx.insert({
          agentId,
          accountId: valid.accountId,
          providerId: valid.providerId,
          agentHost: valid.agentHost,
          version: valid.version,
          ansName,
          displayName: valid.displayName,
          description: valid.description,
          status: valid.status,
          endpoints: valid.endpoints,
          dnsRecords: certificate
            ? publishedRecords(
                { agentId, agentHost: valid.agentHost, version: valid.version, endpoints: valid.endpoints },
                certificate.fingerprintSha256,
                this.settings.publicBaseUrl,
              )
            : [],
          expiresAt: active ? null : new Date(now.getTime() + this.settings.pendingTtlSeconds * 1000),
          revokedAt: null,
          revocationReason: null,
          revocationComments: null,
          dnsRecordsToRemove: null,
          createdAt: now,
          updatedAt: now,
        });
        if (active) await recordPublication(tx.zoneChanges, agent);
        await this.events.append(tx.events, 'AGENT_REGISTERED', agent, now);
        return agent;
      });
    } catch (e) {
      if (isAnsNameTaken(e)) throw AgentsErrors.ansNameTaken(ansName);
      throw e;
    }
    if (registered.status === 'ACTIVE') await this.zoneChanges.enqueue(publishChangeId(agentId));
    return registered;
  }
}
