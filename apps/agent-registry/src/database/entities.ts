import { AgentEntity } from '../modules/agents/agent.entity';
import { AgentEventEntity } from '../modules/events/agent-event.entity';
import { CertificateAuthorityEntity } from '../modules/pki/certificate-authority.entity';
import { CertificateEntity } from '../modules/pki/certificate.entity';
import { CrlEntity } from '../modules/pki/crl.entity';
import { ZoneChangeEntity } from '../modules/zone-changes/zone-change.entity';

/** Every entity of schema `agents` (explicit list, no globs). Keep it sorted. */
export const AGENTS_ENTITIES = [
  AgentEntity,
  AgentEventEntity,
  CertificateAuthorityEntity,
  CertificateEntity,
  CrlEntity,
  ZoneChangeEntity,
];
