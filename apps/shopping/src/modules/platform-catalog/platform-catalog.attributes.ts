/** A DOMAIN_REGISTRATION price row's attributes: its TLD and the periods it sells, in years. */
export interface DomainPriceAttributes {
  readonly tld: string;
  readonly minYears: number;
  readonly maxYears: number;
}

/** A HOSTING_PLAN price row's attributes: the plan's slots and the period `amount` pays for. */
export interface HostingPlanAttributes {
  readonly slotLimit: number;
  readonly periodYears: number;
}

/** Longest registration any TLD row may offer (registries' own limit). */
export const MAX_REGISTRATION_YEARS = 10;
/** Most app slots one hosting plan row may give. */
export const MAX_SLOT_LIMIT = 1000;

const TLD = /^[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** The row's domain attributes, or why they are not usable. */
export function readDomainAttributes(attributes: Record<string, unknown>): DomainPriceAttributes | string {
  const { tld, minYears, maxYears } = attributes;
  if (typeof tld !== 'string' || !TLD.test(tld))
    return 'tld must be a TLD such as "com" (lower case, no dot)';
  if (!isInt(minYears, 1, MAX_REGISTRATION_YEARS))
    return `minYears must be an integer from 1 to ${MAX_REGISTRATION_YEARS}`;
  if (!isInt(maxYears, minYears, MAX_REGISTRATION_YEARS))
    return `maxYears must be an integer from minYears to ${MAX_REGISTRATION_YEARS}`;
  return { tld, minYears, maxYears };
}

/** The row's hosting attributes, or why they are not usable. */
export function readHostingAttributes(attributes: Record<string, unknown>): HostingPlanAttributes | string {
  const { slotLimit, periodYears } = attributes;
  if (!isInt(slotLimit, 1, MAX_SLOT_LIMIT)) return `slotLimit must be an integer from 1 to ${MAX_SLOT_LIMIT}`;
  if (!isInt(periodYears, 1, MAX_REGISTRATION_YEARS))
    return `periodYears must be an integer from 1 to ${MAX_REGISTRATION_YEARS}`;
  return { slotLimit, periodYears };
}
