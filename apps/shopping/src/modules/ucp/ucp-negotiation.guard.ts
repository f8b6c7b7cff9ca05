import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { ShoppingRequest } from './shopping-context';
import { readUcpAgent } from './ucp-agent';
import { UcpNegotiation } from './ucp-negotiation.service';

/**
 * Runs after authentication on every UCP REST operation: UcpNegotiation settles the business the
 * path names, the agent's `UCP-Agent` profile and the negotiation (the MCP binding calls the same
 * service with the agent from `meta`). The handler then reads the result with @Shopping().
 */
@Injectable()
export class UcpNegotiationGuard implements CanActivate {
  constructor(private readonly negotiation: UcpNegotiation) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ShoppingRequest>();
    const principal = request.principal;
    if (!principal) return true; // public routes (discovery) carry no negotiation
    request.shopping = await this.negotiation.settle({
      principal,
      params: (request as unknown as { params: Record<string, string | undefined> }).params,
      authorization: String(request.headers.authorization ?? ''),
      agent: readUcpAgent(request.headers['ucp-agent']),
    });
    return true;
  }
}
