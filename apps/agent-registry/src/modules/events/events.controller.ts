import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { AgentEventLog } from './agent-event-log.service';
import { AgentEventsQuery } from './events.request';
import { AgentEventsResponse, toAgentEventsResponse } from './events.response';

/**
 * GET /v1/agents/events: the pull feed of agent events (spec "Events"). A client pages by passing
 * each answer's lastLogId back; the feed is shared by every caller holding agents.event:read.
 */
@ApiTags('agent events')
@ApiBearerAuth()
@RateLimited()
@Controller('v1/agents')
export class EventsController {
  constructor(private readonly log: AgentEventLog) {}

  @Get('events')
  @RequiresScopes('agents.event:read')
  @ApiOperation({ summary: 'A page of agent events, oldest first, after lastLogId' })
  @ApiHeader({
    name: 'X-Request-Id',
    required: false,
    description: 'uuid; echoed',
    schema: { type: 'string', format: 'uuid' },
  })
  @ApiOkResponse({ type: AgentEventsResponse })
  @ApiResponse({ status: 400, description: 'INVALID_FORMAT: limit, lastLogId or providerId is malformed' })
  @ApiResponse({ status: 403, description: 'The token lacks agents.event:read' })
  @ApiResponse({ status: 429, description: 'Per-credential rate limit exhausted; see Retry-After' })
  async list(@Query() query: AgentEventsQuery): Promise<AgentEventsResponse> {
    return toAgentEventsResponse(await this.log.page(query));
  }
}
