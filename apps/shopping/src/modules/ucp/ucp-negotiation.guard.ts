import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { CommerceStoreAccess } from '@platform/commerce-graphql';
import { REDIS, RedisKeys } from '@platform/database';
import { isUuid } from '@platform/ids';
import type Redis from 'ioredis';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import { AgentProfilesService } from './agent-profiles.service';
import { negotiate } from './negotiation';
import { businessOf, type ShoppingRequest } from './shopping-context';
import { UcpErrors } from './ucp.errors';
import { readUcpAgent } from './ucp-agent';
import { businessCapabilities } from './ucp-protocol';

/**
 * Runs after authentication on every UCP operation (REST and MCP): the business the path names
 * (a store the caller may use: commerce-rest's one visibility rule), the agent's `UCP-Agent`
 * profile, and the negotiation (overview.md "Negotiation Protocol"). The handler then reads
 * the result with @Shopping().
 */
@Injectable()
export class UcpNegotiationGuard implements CanActivate {
  private readonly stores: CommerceStoreAccess;

  constructor(
    private readonly profiles: AgentProfilesService,
    @Inject(SHOPPING_SETTINGS) settings: ShoppingSettings,
    @Inject(REDIS) redis: Redis,
    keys: RedisKeys,
  ) {
    this.stores = new CommerceStoreAccess(
      { commerceRestUrl: settings.services.commerceRest, cacheTtlSeconds: 30, timeoutMs: 5000 },
      redis,
      keys,
    );
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ShoppingRequest>();
    const principal = request.principal;
    if (!principal) return true; // public routes (discovery) carry no negotiation
    const business = businessOf(
      (request as unknown as { params: Record<string, string | undefined> }).params,
    );
    if (business.kind === 'store') {
      if (!isUuid(business.storeId))
        throw UcpErrors.invalidPath('storeId', 'storeId must be a store id (uuid)');
      const access = await this.stores.check(
        business.storeId,
        principal,
        String(request.headers.authorization ?? ''),
      );
      if (access !== 'visible') throw UcpErrors.businessNotFound();
    }
    const reading = readUcpAgent(request.headers['ucp-agent']);
    if ('problem' in reading) throw UcpErrors.invalidRequest(reading.problem, 'UCP-Agent');
    const agent = await this.profiles.get(reading.agent.profileUrl);
    const outcome = negotiate(businessCapabilities(business), agent, reading.agent.version);
    if (!outcome.ok) {
      if (outcome.code === 'version_unsupported') throw UcpErrors.versionUnsupported(outcome.content);
      throw UcpErrors.capabilitiesIncompatible(outcome.content);
    }
    request.shopping = {
      business,
      accountId: principal.accountId,
      tokenId: principal.tokenId,
      agentProfileUrl: reading.agent.profileUrl,
      agent,
      version: outcome.version,
      capabilities: outcome.capabilities,
    };
    return true;
  }
}
