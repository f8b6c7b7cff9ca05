import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AgentEndpoint } from '../agents/agent.model';
import { AgentEndpointResponse } from '../agents/agents.response';
import { AGENT_EVENT_TYPES, AgentEventEntity, AgentEventType } from './agent-event.entity';

/**
 * One entry of the feed (spec "Agent event"): the agent as it was when the event happened.
 * `agentDescription` is OMITTED when the agent has none (the registry answers null-free, as its
 * other resources do); every other field is always present. Timestamps are ISO 8601 UTC with
 * milliseconds; `expiresAt` is `createdAt` + 30 days, after which the event is no longer served.
 */
export class AgentEventResponse {
  @ApiProperty({
    description: 'Position in the stream; increasing, not necessarily contiguous',
    example: '1042',
  })
  logId!: string;
  @ApiProperty({ enum: AGENT_EVENT_TYPES }) eventType!: AgentEventType;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) expiresAt!: string;
  @ApiProperty({ format: 'uuid' }) agentId!: string;
  @ApiProperty({ example: 'ans://v1.0.0.agent.example.com' }) ansName!: string;
  @ApiProperty({ example: 'agent.example.com' }) agentHost!: string;
  @ApiProperty() agentDisplayName!: string;
  @ApiPropertyOptional({ description: 'Omitted when the agent has no description' })
  agentDescription?: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty() providerId!: string;
  @ApiProperty({ type: [AgentEndpointResponse] }) endpoints!: AgentEndpoint[];
}

/** A page of the feed; pass `lastLogId` back as the next request's `lastLogId`. */
export class AgentEventsResponse {
  @ApiProperty({ type: [AgentEventResponse] }) items!: AgentEventResponse[];
  @ApiProperty({
    description:
      'The last item\'s logId; on an empty page the request\'s lastLogId (or "0" when it had none), so the client keeps its place',
    example: '1042',
  })
  lastLogId!: string;
}

export function toAgentEventResponse(e: AgentEventEntity): AgentEventResponse {
  return {
    logId: e.logId,
    eventType: e.eventType,
    createdAt: e.createdAt.toISOString(),
    expiresAt: e.expiresAt.toISOString(),
    agentId: e.agentId,
    ansName: e.ansName,
    agentHost: e.agentHost,
    agentDisplayName: e.agentDisplayName,
    // Null-free: no key at all when the agent has no description (spec field order kept).
    ...(e.agentDescription === null ? {} : { agentDescription: e.agentDescription }),
    version: e.version,
    providerId: e.providerId,
    endpoints: e.endpoints,
  };
}

export function toAgentEventsResponse(page: {
  items: readonly AgentEventEntity[];
  lastLogId: string;
}): AgentEventsResponse {
  return { items: page.items.map(toAgentEventResponse), lastLogId: page.lastLogId };
}
