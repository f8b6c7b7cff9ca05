import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res, UseFilters } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiExcludeController } from '@nestjs/swagger';
import type { AuthenticatedRequest } from '@platform/auth';
import { Errors } from '@platform/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { McpExceptionFilter } from './mcp-exception.filter';
import { MCP_ROUTE } from './mcp-route-errors';
import { McpService } from './mcp.service';

const PLATFORM = 'v1/shopping/mcp';
const STORE = 'v1/shopping/stores/:storeId/mcp';

type McpRequest = FastifyRequest & AuthenticatedRequest & { params: Record<string, string | undefined> };

/**
 * UCP's MCP endpoints (the discovery profile's `transport: "mcp"` services): the platform's and each
 * store's, MCP streamable HTTP with JSON answers. Behind the global Bearer authentication like
 * every operation; JSON-RPC, so described by UCP's OpenRPC document, not the OpenAPI one.
 */
@ApiExcludeController()
@Controller()
@UseFilters(McpExceptionFilter)
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @Post([PLATFORM, STORE])
  @HttpCode(200)
  @RouteConfig({ [MCP_ROUTE]: true })
  async post(
    @Req() request: McpRequest,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const principal = request.principal;
    if (!principal) throw Errors.unauthorized();
    const answer = await this.mcp.handle({
      body,
      principal,
      params: request.params,
      route: request.routeOptions.url ?? `/${PLATFORM}`,
      headers: request.headers,
    });
    for (const [name, value] of Object.entries(answer.headers)) void reply.header(name, value);
    void reply.status(answer.status);
    if (answer.body === undefined) return undefined;
    void reply.header('content-type', 'application/json; charset=utf-8');
    return answer.body;
  }

  /** No server-initiated stream is offered (MCP "Transports": 405 to a GET, and no sessions to DELETE). */
  @Get([PLATFORM, STORE])
  @RouteConfig({ [MCP_ROUTE]: true })
  refuseStream(@Res() reply: FastifyReply): void {
    void reply.status(405).header('allow', 'POST').send();
  }

  @Delete([PLATFORM, STORE])
  @RouteConfig({ [MCP_ROUTE]: true })
  refuseSessionEnd(@Res() reply: FastifyReply): void {
    void reply.status(405).header('allow', 'POST').send();
  }
}
