import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { AgentParams, RevokeAgentRequest } from './agents.request';
import {
  AgentCertificatesResponse,
  AgentResponse,
  AgentRevocationResponse,
  toAgentResponse,
  toCertificatesResponse,
  toRevocationResponse,
} from './agents.response';
import { AgentsService } from './agents.service';
import { parseRevocationReason } from './revocation-reason';

/** GET /v1/agents/{agentId}, its certificates, and POST …/revoke (docs/agents.md). */
@ApiTags('agents')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Request-Id', required: false, description: 'uuid; echoed' })
@ApiResponse({
  status: 400,
  description: 'INVALID_FORMAT (agentId not a uuid), INVALID_BODY, INVALID_REASON',
})
@ApiResponse({ status: 404, description: 'AGENT_NOT_FOUND (unknown, or revoke by another account)' })
@RateLimited()
@Controller('v1/agents')
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @Get(':agentId')
  @RequiresScopes('agents.agent:read')
  @ApiOperation({ summary: 'One agent record' })
  @ApiOkResponse({ type: AgentResponse })
  async get(@Param() params: AgentParams): Promise<AgentResponse> {
    return toAgentResponse(await this.agents.get(params.agentId.toLowerCase()));
  }

  @Get(':agentId/certificates/server')
  @RequiresScopes('agents.agent:read')
  @ApiOperation({ summary: 'The server certificates the registry CA issued for the agent, newest first' })
  @ApiOkResponse({ type: AgentCertificatesResponse })
  async certificates(@Param() params: AgentParams): Promise<AgentCertificatesResponse> {
    return toCertificatesResponse(await this.agents.certificates(params.agentId.toLowerCase()));
  }

  @Post(':agentId/revoke')
  @HttpCode(200)
  @RequiresScopes('agents.agent:revoke')
  @ApiOperation({
    summary: 'Revoke an ACTIVE agent: certificate onto the CRL, DNS records to remove returned',
    description: 'Revoking a REVOKED agent again answers 200 with the first revocation, unchanged.',
  })
  @ApiOkResponse({ type: AgentRevocationResponse })
  @ApiResponse({ status: 409, description: 'AGENT_EXPIRED' })
  @ApiResponse({ status: 422, description: 'CANNOT_CANCEL (PENDING_VALIDATION), REASON_NOT_PERMITTED' })
  async revoke(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AgentParams,
    @Body() body: RevokeAgentRequest,
  ): Promise<AgentRevocationResponse> {
    const agent = await this.agents.revoke({
      accountId: principal.accountId,
      agentId: params.agentId.toLowerCase(),
      reason: parseRevocationReason(body.reason),
      comments: body.comments,
    });
    return toRevocationResponse(agent);
  }
}
