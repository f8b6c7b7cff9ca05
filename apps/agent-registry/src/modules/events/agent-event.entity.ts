import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AgentEndpoint } from '../agents/agent.model';

export const AGENT_EVENT_TYPES = [
  'AGENT_REGISTERED',
  'AGENT_REVOKED',
  'AGENT_RENEWED',
  'AGENT_DEPRECATED',
] as const;
export type AgentEventType = (typeof AGENT_EVENT_TYPES)[number];

/**
 * One entry of the event feed: a snapshot of the agent when the event happened. `logId` is a
 * strictly increasing sequence whose values become visible in order (appends take a transaction
 * advisory lock, see AgentEventLog), so a keyset cursor over it never skips an event (the numbers
 * themselves may have holes where a transaction rolled back).
 */
@Entity({ schema: 'agents', name: 'agent_events' })
@Index('agent_events_provider_idx', ['providerId', 'logId'])
@Index('agent_events_expires_idx', ['expiresAt'])
export class AgentEventEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  logId!: string;

  @Column({ type: 'varchar', length: 32 })
  eventType!: AgentEventType;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'uuid' })
  agentId!: string;

  @Column({ type: 'varchar', length: 330 })
  ansName!: string;

  @Column({ type: 'varchar', length: 253 })
  agentHost!: string;

  @Column({ type: 'varchar', length: 64 })
  agentDisplayName!: string;

  @Column({ type: 'varchar', length: 150, nullable: true })
  agentDescription!: string | null;

  @Column({ type: 'varchar', length: 64 })
  version!: string;

  @Column({ type: 'varchar', length: 128 })
  providerId!: string;

  @Column({ type: 'jsonb' })
  endpoints!: AgentEndpoint[];
}
