import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS, RedisKeys } from '@platform/database';
import { errorMessage } from '@platform/errors';
import {
  OutboundErrorCode,
  createOutboundFetcher,
  isOutboundError,
  type OutboundFetcher,
} from '@platform/outbound';
import type Redis from 'ioredis';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import { parseAgentProfile, type AgentProfile } from './negotiation';
import { UcpErrors } from './ucp.errors';

/** Profiles are reused at least this long, whatever the agent's Cache-Control says (UCP: ≥ 60 s). */
const MIN_CACHE_S = 60;

interface CachedProfile {
  readonly version: string;
  readonly capabilities: [string, string[]][];
  readonly orderWebhookUrl: string | null;
  readonly signingKeys: Record<string, unknown>[];
}

/**
 * The agents' profiles named by `UCP-Agent`: fetched through the outbound policy (no private,
 * loopback or platform address unless allow-listed; timeouts; size cap), parsed, and cached in
 * Redis per URL for the profile's max-age (bounded by SHOPPING_PROFILE_CACHE_TTL_S), so every
 * replica shares one fetch. A refused URL is 400 invalid_profile_url, a failed fetch 424
 * profile_unreachable, a document that is not a profile 422 profile_malformed.
 */
@Injectable()
export class AgentProfilesService {
  private readonly logger = new Logger(AgentProfilesService.name);
  private readonly fetcher: OutboundFetcher;

  constructor(
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.fetcher = createOutboundFetcher({
      allow: settings.outbound.allow,
      deniedTargets: settings.outbound.deniedTargets,
      timeoutMs: settings.outbound.timeoutMs,
      maxResponseBytes: settings.outbound.maxResponseBytes,
      userAgent: 'developer-platform-shopping/1',
    });
  }

  /** The outbound fetcher of the Shopping API (also used to deliver webhooks). */
  get outbound(): OutboundFetcher {
    return this.fetcher;
  }

  async get(url: string): Promise<AgentProfile> {
    const key = this.keys.key('shopping', 'agent-profile', createHash('sha256').update(url).digest('hex'));
    const cached = await this.redis.get(key).catch((e: unknown) => this.cacheFailed(e));
    if (cached) return fromCache(JSON.parse(cached) as CachedProfile);
    const { profile, maxAgeSeconds } = await this.fetch(url);
    const ttl = Math.min(
      this.settings.profileCacheTtlSeconds,
      Math.max(MIN_CACHE_S, maxAgeSeconds ?? MIN_CACHE_S),
    );
    if (ttl > 0)
      await this.redis
        .set(key, JSON.stringify(toCache(profile)), 'EX', ttl)
        .catch((e: unknown) => this.cacheFailed(e));
    return profile;
  }

  private async fetch(url: string): Promise<{ profile: AgentProfile; maxAgeSeconds?: number }> {
    let json: unknown;
    let cacheControl: string | undefined;
    try {
      const response = await this.fetcher.fetchJson(url);
      json = response.json;
      const header = response.headers['cache-control'];
      cacheControl = Array.isArray(header) ? header.join(',') : header;
    } catch (e) {
      if (isOutboundError(e, OutboundErrorCode.OUTBOUND_REFUSED))
        throw UcpErrors.invalidProfileUrl(`the agent profile URL is refused: ${e.message}`);
      if (isOutboundError(e, OutboundErrorCode.OUTBOUND_INVALID_JSON))
        throw UcpErrors.profileMalformed('the agent profile is not JSON');
      this.logger.warn(`agent profile ${url} could not be fetched: ${errorMessage(e)}`);
      throw UcpErrors.profileUnreachable('the agent profile could not be fetched');
    }
    const profile = parseAgentProfile(json);
    if (!profile)
      throw UcpErrors.profileMalformed('the agent profile is not a UCP profile (ucp.version, capabilities)');
    const maxAge = /max-age=(\d+)/.exec(cacheControl ?? '')?.[1];
    return { profile, ...(maxAge ? { maxAgeSeconds: Number(maxAge) } : {}) };
  }

  private cacheFailed(e: unknown): null {
    this.logger.warn(`agent profile cache unavailable: ${errorMessage(e)}`);
    return null;
  }
}

function toCache(p: AgentProfile): CachedProfile {
  return {
    version: p.version,
    capabilities: [...p.capabilities].map(([k, v]) => [k, [...v]]),
    orderWebhookUrl: p.orderWebhookUrl,
    signingKeys: [...p.signingKeys],
  };
}

function fromCache(c: CachedProfile): AgentProfile {
  return {
    version: c.version,
    capabilities: new Map(c.capabilities),
    orderWebhookUrl: c.orderWebhookUrl,
    signingKeys: c.signingKeys,
  };
}
