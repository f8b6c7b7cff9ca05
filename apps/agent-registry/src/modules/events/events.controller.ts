import { Controller, Get, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import { AgentEventLog } from './agent-event-log.service';
import { AgentEventsQuery } from './events.request';
import { AgentEventsResponse, toAgentEventsResponse } from './events.response';

/**
 * GET /v1/agents/events: the pull feed of agent events (spec "Events"). A client pages by passing
 * each answer's lastLogId back; the feed is shared by every caller holding agents.event:read.
 */
@ApiBearerController({ tag: 'agent events' })
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
  @ApiErrorResponses({
    400: 'INVALID_FORMAT: limit, lastLogId or providerId is malformed',
    403: 'The token lacks agents.event:read',
    429: 'Per-credential rate limit exhausted; see Retry-After',
  })
  async list(@Query() query: AgentEventsQuery): Promise<AgentEventsResponse> {
    return toAgentEventsResponse(await this.log.page(query));
  }
}
