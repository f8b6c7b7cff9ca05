import { tldOf } from '../domains/domain-name';
import type { RegistrySettings } from './registry-settings';

/** Every order and price is in US dollars. */
export const REGISTRY_CURRENCY = 'USD';

/** Price of one year per supported TLD, in micro-units of USD (1 USD = 1 000 000). */
export const TLD_YEARLY_PRICES: Readonly<Record<string, number>> = {
  com: 11_990_000,
  net: 13_990_000,
  org: 9_990_000,
  io: 39_990_000,
  dev: 14_990_000,
  app: 14_990_000,
  shop: 2_990_000,
  ai: 79_990_000,
};

/** The yearly price of `domain`'s TLD, or undefined when the sandbox does not sell that TLD. */
export function yearlyPriceOf(domain: string): number | undefined {
  const tld = tldOf(domain);
  return Object.hasOwn(TLD_YEARLY_PRICES, tld) ? TLD_YEARLY_PRICES[tld] : undefined;
}

/**
 * Where a name stands, from the registry's own rules and whether a row of domains.domains holds it:
 * `registered` here, `reserved` (DOMAINS_RESERVED), `taken-elsewhere` (DOMAINS_TAKEN_PATTERN: not
 * purchasable, transferable in) or `available`. Registration here wins over the other two.
 */
export type NameStanding = 'registered' | 'reserved' | 'taken-elsewhere' | 'available';

export function standingOf(
  domain: string,
  registeredHere: boolean,
  settings: Pick<RegistrySettings, 'reserved' | 'takenPattern'>,
): NameStanding {
  if (registeredHere) return 'registered';
  if (settings.reserved.has(domain)) return 'reserved';
  if (settings.takenPattern.test(domain)) return 'taken-elsewhere';
  return 'available';
}
