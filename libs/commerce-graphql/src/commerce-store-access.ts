import { Logger } from '@nestjs/common';
import type { Principal } from '@platform/auth';
import { REDIS, RedisKeys } from '@platform/database';
import { errorMessage, PlatformError } from '@platform/errors';
import {
  SubgraphErrorCode,
  type TenantAccess,
  type TenantAccessChecker,
  type TenantAccessProvider,
} from '@platform/graphql-subgraph';
import { tracedFetch } from '@platform/observability';
import type Redis from 'ioredis';

/** Where and how a commerce subgraph asks commerce-rest whether the caller may use a store. */
export interface CommerceStoreAccessOptions {
  /** Base URL of commerce-rest (COMMERCE_REST_URL). */
  readonly commerceRestUrl: string;
  /** Seconds a "visible" answer is reused for the same token and store; 0 turns the cache off. Default 30. */
  readonly cacheTtlSeconds?: number;
  /** Timeout of the commerce-rest call, ms. Default 5000 (below the gateway's 30 s response deadline). */
  readonly timeoutMs?: number;
}

/** A "hidden" answer is reused for at most this long, so a store created a moment ago appears quickly. */
const NEGATIVE_TTL_CAP_S = 5;

/**
 * The TenantAccessChecker of the commerce subgraphs (order, catalog, tax), whose tenant is the store:
 * store visibility through
 * commerce-rest, the owner of stores (a service never reads another service's tables):
 * `GET {COMMERCE_REST_URL}/internal/v1/store-access/{storeId}` with the caller's
 * own Authorization header, so commerce applies its one visibility rule. That internal route takes
 * any valid token (an order or tax token needs no store scope) and is not reachable through the
 * gateway or the Ingress. 204 → visible, 404 → hidden.
 * Answers are cached in Redis per (token id, store) for `cacheTtlSeconds` (hidden: at most 5 s);
 * a 401 is never cached and answers 401, anything else is SERVICE_UNAVAILABLE (never cached).
 * Token revocation is not delayed by the cache: the subgraph authenticates every request itself.
 */
export class CommerceStoreAccess implements TenantAccessChecker {
  private readonly logger = new Logger(CommerceStoreAccess.name);

  constructor(
    private readonly options: Required<CommerceStoreAccessOptions>,
    private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async check(storeId: string, principal: Principal, authorization: string): Promise<TenantAccess> {
    const { cacheTtlSeconds } = this.options;
    const key = this.keys.key('subgraph', 'store-access', principal.tokenId, storeId);
    if (cacheTtlSeconds > 0) {
      const cached = await this.redis.get(key).catch((e: unknown) => this.cacheFailed(e));
      if (cached === 'visible' || cached === 'hidden') return cached;
    }
    const access = await this.ask(storeId, authorization);
    if (cacheTtlSeconds > 0) {
      const ttl = access === 'visible' ? cacheTtlSeconds : Math.min(cacheTtlSeconds, NEGATIVE_TTL_CAP_S);
      await this.redis.set(key, access, 'EX', ttl).catch((e: unknown) => this.cacheFailed(e));
    }
    return access;
  }

  private async ask(storeId: string, authorization: string): Promise<TenantAccess> {
    const { commerceRestUrl, timeoutMs } = this.options;
    const url = `${commerceRestUrl.replace(/\/+$/, '')}/internal/v1/store-access/${encodeURIComponent(storeId)}`;
    let status: number;
    try {
      const response = await tracedFetch(url, {
        headers: { authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (e) {
      this.logger.warn(`store visibility check failed: ${errorMessage(e)}`);
      throw storeCheckUnavailable();
    }
    switch (status) {
      case 200:
      case 204:
        return 'visible';
      case 404:
        return 'hidden';
      case 401:
        throw new PlatformError({
          status: 401,
          code: 'UNAUTHORIZED',
          message: 'missing, malformed, expired or revoked credentials',
        });
      default:
        this.logger.warn(`store visibility check answered HTTP ${status}`);
        throw storeCheckUnavailable();
    }
  }

  private cacheFailed(e: unknown): null {
    this.logger.warn(`store access cache unavailable: ${errorMessage(e)}`);
    return null;
  }
}

function storeCheckUnavailable(): PlatformError {
  return new PlatformError({
    status: 503,
    code: SubgraphErrorCode.SERVICE_UNAVAILABLE,
    message: 'the store could not be checked right now; retry later',
  });
}

/** The commerce subgraphs' `tenantAccess`: CommerceStoreAccess over the app's Redis. */
export function commerceStoreAccess(options: CommerceStoreAccessOptions): TenantAccessProvider {
  const resolved: Required<CommerceStoreAccessOptions> = {
    commerceRestUrl: options.commerceRestUrl,
    cacheTtlSeconds: options.cacheTtlSeconds ?? 30,
    timeoutMs: options.timeoutMs ?? 5000,
  };
  return {
    useFactory: (redis: Redis, keys: RedisKeys) => new CommerceStoreAccess(resolved, redis, keys),
    inject: [REDIS, RedisKeys],
  };
}
