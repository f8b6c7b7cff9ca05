import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS, RedisKeys } from '@platform/database';
import { errorMessage } from '@platform/errors';
import type Redis from 'ioredis';
import { AgentBindingsRepository } from './agent-bindings.repository';
import { UcpErrors } from './ucp.errors';

/** A binding never changes, so a replica may remember it this long without asking PostgreSQL. */
const CACHE_TTL_S = 300;

/**
 * Binds each token to the one agent profile it acts for (UCP overview.md "Identity & Auth":
 * the authenticated principal must be authorized to act on behalf of the UCP-Agent profile).
 * The platform's tokens carry no agent identity of their own, so the binding is made on the
 * token's first successful negotiation (trust on first use) and kept: the same token claiming
 * another profile later is 403 `profile_not_trusted`. A merchant hands one token to one agent
 * platform; a second agent gets a token of its own. Row in PostgreSQL (the truth, one insert race
 * decided by the primary key), copy in Redis (every replica, no database read per request).
 */
@Injectable()
export class AgentBindingsService {
  private readonly logger = new Logger(AgentBindingsService.name);

  constructor(
    private readonly bindings: AgentBindingsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async assertBound(tokenId: string, profileUrl: string): Promise<void> {
    const key = this.keys.key('shopping', 'agent-binding', tokenId);
    const cached = await this.redis.get(key).catch((e: unknown) => this.cacheFailed(e));
    const bound = cached ?? (await this.bind(tokenId, profileUrl));
    if (cached === null)
      await this.redis.set(key, bound, 'EX', CACHE_TTL_S).catch((e: unknown) => this.cacheFailed(e));
    if (bound !== profileUrl)
      throw UcpErrors.profileNotTrusted(
        'this token acts for another agent profile: each agent platform uses a token of its own',
      );
  }

  /** The token's profile: `profileUrl` when this call makes the binding, else the one made before. */
  private async bind(tokenId: string, profileUrl: string): Promise<string> {
    const made = await this.bindings.bindUnlessBound(tokenId, profileUrl);
    if (made !== undefined) return made;
    // Another request bound it first. Read it in a statement of its own: under READ COMMITTED the
    // insert's own statement may have started before that binding committed, and not see it.
    return this.bindings.findProfileUrl(tokenId);
  }

  private cacheFailed(e: unknown): null {
    this.logger.warn(`agent binding cache unavailable: ${errorMessage(e)}`);
    return null;
  }
}
