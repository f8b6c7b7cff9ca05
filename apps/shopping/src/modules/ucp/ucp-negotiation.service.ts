import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '@platform/auth';
import { CommerceStoreAccess } from '@platform/commerce-graphql';
import { REDIS, RedisKeys } from '@platform/database';
import type Redis from 'ioredis';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import type { BusinessKey } from '../businesses/business';
import { AgentBindingsService } from './agent-bindings.service';
import { AgentProfilesService } from './agent-profiles.service';
import { negotiate, type AgentProfile } from './negotiation';
import { businessOf, type ShoppingContext } from './shopping-context';
import { UcpErrors } from './ucp.errors';
import type { UcpAgentHeader, UcpAgentReading } from './ucp-agent';
import { businessCapabilities } from './ucp-protocol';

/** What one UCP operation brings, whatever the transport (REST headers, MCP `meta`). */
export interface UcpSettleInput {
  readonly principal: Principal;
  /** The route's path parameters: `storeId` names a store, its absence the platform. */
  readonly params: Record<string, string | undefined>;
  /** The request's Authorization header, handed to commerce-rest's store-access check. */
  readonly authorization: string;
  /** The agent as the transport read it (`UCP-Agent` header, or MCP `meta["ucp-agent"]`). */
  readonly agent: UcpAgentReading;
}

/**
 * Settles who sells, who asks and what was negotiated for one UCP operation, for every transport:
 * the REST guard (UcpNegotiationGuard) and the MCP binding (modules/mcp) both call it. The
 * business the path names (a store the caller may use: commerce-rest's one visibility rule), the
 * agent's profile, and the negotiation (overview.md "Negotiation Protocol"). Throws the protocol
 * errors of UcpErrors; each transport renders them its way.
 */
@Injectable()
export class UcpNegotiation {
  private readonly stores: CommerceStoreAccess;

  constructor(
    private readonly profiles: AgentProfilesService,
    private readonly bindings: AgentBindingsService,
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

  /**
   * The whole settlement: the business, then the agent, then the negotiation. The agent's profile
   * is read while the store is checked (both are cache reads, independent); a store error wins.
   */
  async settle(input: UcpSettleInput): Promise<ShoppingContext> {
    const agent = 'agent' in input.agent ? input.agent.agent : undefined;
    const profile = agent ? this.profiles.get(agent.profileUrl) : undefined;
    // Settled here so a failed fetch never goes unhandled while the store check runs.
    profile?.catch(() => undefined);
    const business = await this.business(input.principal, input.params, input.authorization);
    // A missing or malformed profile URL is UCP's invalid_profile_url (overview.md "Negotiation Errors").
    if ('problem' in input.agent) throw UcpErrors.invalidProfileUrl(input.agent.problem);
    return this.negotiate(input.principal, business, input.agent.agent, profile);
  }

  /** The business the path names; a store must be one the caller may use (else 404 not_found). */
  async business(
    principal: Principal,
    params: Record<string, string | undefined>,
    authorization: string,
  ): Promise<BusinessKey> {
    const business = businessOf(params);
    if (business.kind === 'store') {
      const access = await this.stores.check(business.storeId, principal, authorization);
      if (access !== 'visible') throw UcpErrors.businessNotFound();
    }
    return business;
  }

  /**
   * The agent's profile (fetched or cached) negotiated against what the business offers, and the
   * token bound to that profile (AgentBindingsService: a token acts for one agent).
   */
  async negotiate(
    principal: Principal,
    business: BusinessKey,
    agent: UcpAgentHeader,
    fetching?: Promise<AgentProfile>,
  ): Promise<ShoppingContext> {
    const profile = await (fetching ?? this.profiles.get(agent.profileUrl));
    const outcome = negotiate(businessCapabilities(business), profile, agent.version);
    if (!outcome.ok) {
      if (outcome.code === 'version_unsupported') throw UcpErrors.versionUnsupported(outcome.content);
      throw UcpErrors.capabilitiesIncompatible(outcome.content);
    }
    await this.bindings.assertBound(principal.tokenId, agent.profileUrl);
    return {
      business,
      accountId: principal.accountId,
      tokenId: principal.tokenId,
      agentProfileUrl: agent.profileUrl,
      agent: profile,
      version: outcome.version,
      capabilities: outcome.capabilities,
    };
  }
}
