import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { VariantKey } from '../runtime';
import { AppDomainsRepository } from './app-domains.repository';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';

/** Host names kept at most (routes and known absences). */
const MAX_CACHED_HOSTS = 10_000;

/**
 * Which variant an ACTIVE custom domain serves, for the worker's proxy: one indexed read of
 * `hosting.app_domains` (the one source every worker reads, so replicas agree), kept for
 * HOSTING_DOMAIN_ROUTE_CACHE_MS per host name, absence included (0: read every time). A domain
 * attached, verified or detached is seen by every worker within that time.
 */
@Injectable()
export class DomainRoutes {
  private readonly cache?: LRUCache<string, { route: VariantKey | null }>;

  constructor(
    private readonly repository: AppDomainsRepository,
    @Inject(DOMAIN_SETTINGS) settings: DomainSettings,
  ) {
    if (settings.routeCacheMs > 0)
      this.cache = new LRUCache({ max: MAX_CACHED_HOSTS, ttl: settings.routeCacheMs });
  }

  async routeOf(hostname: string): Promise<VariantKey | null> {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    const cached = this.cache?.get(name);
    if (cached) return cached.route;
    const row = await this.repository.activeRoute(name);
    const route = row ? { appId: row.appId, variant: row.variant } : null;
    this.cache?.set(name, { route });
    return route;
  }
}
