import { Inject, Injectable } from '@nestjs/common';
import { AvailabilityCache } from './availability.cache';
import { AvailabilityRepository } from './availability.repository';
import { REGISTRY_SETTINGS } from './registry-settings';
import type { RegistrySettings } from './registry-settings';
import { standingOf } from './sandbox-registry';

export type CheckType = 'FAST' | 'FULL';

export interface Availability {
  readonly available: boolean;
  /** False when the answer came from the cache. */
  readonly definitive: boolean;
}

/**
 * Whether names can be purchased: FAST answers from the cache when it can (definitive false), FULL
 * always decides afresh (one query for all the names) and refreshes the cache (definitive true).
 */
@Injectable()
export class AvailabilityService {
  constructor(
    private readonly registrations: AvailabilityRepository,
    private readonly cache: AvailabilityCache,
    @Inject(REGISTRY_SETTINGS) private readonly settings: RegistrySettings,
  ) {}

  /** The answer for each of `domains` (already canonical), in order; a repeated name is looked up once. */
  async check(domains: readonly string[], checkType: CheckType): Promise<Availability[]> {
    const names = [...new Set(domains)];
    const cached = checkType === 'FAST' ? await this.cache.read(names) : new Map<string, boolean>();
    const fresh = await this.decide(names.filter((d) => !cached.has(d)));
    await this.cache.write(fresh);
    return domains.map((domain) => {
      const known = cached.get(domain);
      return known === undefined
        ? { available: fresh.get(domain) === true, definitive: true }
        : { available: known, definitive: false };
    });
  }

  /** The registry's rule (sandbox-registry.ts) over the rows of domains.domains, now. */
  private async decide(domains: readonly string[]): Promise<Map<string, boolean>> {
    const decided = new Map<string, boolean>();
    if (domains.length === 0) return decided;
    const registered = new Set(await this.registrations.findRegisteredAmong(domains));
    for (const domain of domains)
      decided.set(domain, standingOf(domain, registered.has(domain), this.settings) === 'available');
    return decided;
  }
}
