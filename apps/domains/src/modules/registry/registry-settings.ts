/**
 * How the sandbox registry decides and prices (docs/domains.md, "The sandbox registry"); read from
 * the environment by config/domains.config.ts, injected as REGISTRY_SETTINGS.
 */
export interface RegistrySettings {
  /** DOMAINS_RESERVED: names no one can register or transfer (lower-case, comma-separated). */
  readonly reserved: ReadonlySet<string>;
  /** DOMAINS_TAKEN_PATTERN: names it matches are registered elsewhere (unavailable, transferable). */
  readonly takenPattern: RegExp;
  /** DOMAINS_AVAILABILITY_CACHE_TTL_S: seconds an availability answer is reused (0 = no cache). */
  readonly availabilityCacheTtlSeconds: number;
  /** DOMAINS_NAME_SERVERS: the name servers a domain gets when the purchase names none. */
  readonly defaultNameServers: readonly string[];
}

export const REGISTRY_SETTINGS = Symbol('REGISTRY_SETTINGS');

/** What the worker's scheduled jobs need (config/domains-worker.config.ts). */
export interface RenewalSettings {
  /** DOMAINS_AUTO_RENEW_BEFORE_S: a renewAuto domain is renewed this long before it expires. */
  readonly autoRenewBeforeSeconds: number;
  /** DOMAINS_MAINTENANCE_EVERY_S: how often the renewal/expiry sweep runs. */
  readonly maintenanceEverySeconds: number;
}

export const RENEWAL_SETTINGS = Symbol('RENEWAL_SETTINGS');
