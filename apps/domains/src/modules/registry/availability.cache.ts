import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS, RedisKeys } from '@platform/database';
import { errorMessage } from '@platform/errors';
import type Redis from 'ioredis';
import { REGISTRY_SETTINGS } from './registry-settings';
import type { RegistrySettings } from './registry-settings';

/**
 * Availability answers kept in Redis for DOMAINS_AVAILABILITY_CACHE_TTL_S (0: no cache), one key
 * per name. The cache only ever makes an answer faster, never wrong for long: a purchase or
 * transfer that takes a name forgets its entry, and a Redis that does not answer is a miss.
 */
@Injectable()
export class AvailabilityCache {
  private readonly logger = new Logger(AvailabilityCache.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(REGISTRY_SETTINGS) private readonly settings: RegistrySettings,
  ) {}

  get enabled(): boolean {
    return this.settings.availabilityCacheTtlSeconds > 0;
  }

  /** The cached answers of `domains` (those not cached are absent). */
  async read(domains: readonly string[]): Promise<Map<string, boolean>> {
    const found = new Map<string, boolean>();
    if (!this.enabled || domains.length === 0) return found;
    try {
      const values = await this.redis.mget(domains.map((d) => this.key(d)));
      values.forEach((v, i) => {
        if (v === '1' || v === '0') found.set(domains[i], v === '1');
      });
    } catch (e) {
      this.failed(e);
    }
    return found;
  }

  async write(answers: ReadonlyMap<string, boolean>): Promise<void> {
    if (!this.enabled || answers.size === 0) return;
    const ttl = this.settings.availabilityCacheTtlSeconds;
    const batch = this.redis.multi();
    for (const [domain, available] of answers) batch.set(this.key(domain), available ? '1' : '0', 'EX', ttl);
    await batch.exec().catch((e: unknown) => this.failed(e));
  }

  async forget(domain: string): Promise<void> {
    if (!this.enabled) return;
    await this.redis.del(this.key(domain)).catch((e: unknown) => this.failed(e));
  }

  private key(domain: string): string {
    return this.keys.key('domains', 'availability', domain);
  }

  private failed(e: unknown): void {
    this.logger.warn(`availability cache unavailable: ${errorMessage(e)}`);
  }
}
