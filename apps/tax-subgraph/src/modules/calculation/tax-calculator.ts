/**
 * The tax engine: pure arithmetic over a basket and the store's tax data, in integers only
 * (BigInt minor units, percentages in millionths). No I/O: CalculationService loads the data.
 * Rules, precedence and rounding are documented in docs/tax.md.
 */
import { MEMBER_SPECIFICITY, MemberKind } from '../relations/member-kind';
import { normalizePostalCode, normalizeRegion } from '../jurisdictions/address-codes';
import { formatPercentage } from '../rates/percentage';

export interface TaxAddress {
  readonly countryCode: string;
  readonly regionCode?: string | null;
  readonly postalCode?: string | null;
}

export interface BasketLine {
  /** The caller's line reference, echoed back. */
  readonly ref: string | null;
  /** Unit price in minor units (net of discounts). */
  readonly unitAmount: bigint;
  readonly quantity: bigint;
  readonly currency: string;
  readonly classificationId: string | null;
  readonly skuId: string | null;
  readonly skuGroupIds: readonly string[];
  readonly listIds: readonly string[];
}

export interface Basket {
  readonly address: TaxAddress;
  readonly lines: readonly BasketLine[];
  /** The buyer is exempt everywhere (e.g. a reseller certificate). */
  readonly taxExempt: boolean;
  /** The buyer is exempt in these jurisdictions only. */
  readonly exemptJurisdictionIds: readonly string[];
}

export interface CalcJurisdiction {
  readonly id: string;
  readonly countryCode: string;
  readonly regionCode: string | null;
  readonly postalCodePrefix: string | null;
}

/** An ACTIVE rate (inactive ones are never loaded). */
export interface CalcRate {
  readonly id: string;
  readonly label: string;
  readonly jurisdictionId: string | null;
  /** Millionths of a percent, or null for a fixed amount. */
  readonly percentageMicro: bigint | null;
  /** Fixed amount per unit, or null for a percentage. */
  readonly amount: { readonly value: bigint; readonly currency: string } | null;
}

/** A member link: which catalog record (kind, id) belongs to which classification or override. */
export interface MemberLink {
  readonly ownerId: string;
  readonly kind: MemberKind;
  readonly memberId: string;
}

export interface CalcClassification {
  readonly id: string;
  readonly createdAt: Date;
  readonly rates: readonly CalcRate[];
}

/** An ACTIVE override. */
export interface CalcOverride {
  readonly id: string;
  readonly type: 'RATES' | 'EXEMPTION';
  readonly jurisdictionId: string | null;
  readonly createdAt: Date;
  readonly rates: readonly CalcRate[];
}

export interface TaxData {
  /** The store's jurisdictions in the address's country. */
  readonly jurisdictions: readonly CalcJurisdiction[];
  /** Classifications named by lines or matched through members, with their ACTIVE rates. */
  readonly classifications: ReadonlyMap<string, CalcClassification>;
  readonly classificationMembers: readonly MemberLink[];
  /** ACTIVE overrides matched through members, with their ACTIVE rates. */
  readonly overrides: ReadonlyMap<string, CalcOverride>;
  readonly overrideMembers: readonly MemberLink[];
}

export interface LineTax {
  readonly rateId: string;
  readonly label: string;
  readonly jurisdictionId: string | null;
  readonly percentage: string | null;
  readonly fixedAmount: bigint | null;
  /** Taxable amount the rate applied to (the line subtotal). */
  readonly taxableAmount: bigint;
  readonly amount: bigint;
}

export type ExemptionReason = 'BUYER_EXEMPT' | 'OVERRIDE_EXEMPTION' | null;

export interface LineResult {
  readonly index: number;
  readonly ref: string | null;
  readonly classificationId: string | null;
  readonly overrideId: string | null;
  readonly exemption: ExemptionReason;
  readonly subtotal: bigint;
  readonly taxTotal: bigint;
  readonly taxes: readonly LineTax[];
}

export interface RateSummary {
  readonly rateId: string;
  readonly label: string;
  readonly jurisdictionId: string | null;
  readonly percentage: string | null;
  readonly taxableAmount: bigint;
  readonly amount: bigint;
}

export interface CalculationResult {
  readonly currency: string;
  readonly subtotal: bigint;
  readonly taxTotal: bigint;
  readonly total: bigint;
  readonly lines: readonly LineResult[];
  readonly taxes: readonly RateSummary[];
  readonly jurisdictionIds: readonly string[];
}

export type CalculationFailure =
  | { readonly kind: 'currency-mismatch' }
  | { readonly kind: 'rate-currency-mismatch'; readonly rateId: string; readonly rateCurrency: string };

export class CalculationError extends Error {
  constructor(readonly failure: CalculationFailure) {
    super(failure.kind);
  }
}

/** 100 % = 100 × 10^6 millionths, so amount × micro / 10^8 is the tax. */
const PERCENT_SCALE = 100_000_000n;

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero ("half up" for
 * the non-negative amounts of a basket): 0.5 → 1, 1.5 → 2, 2.5 → 3.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  const rounded = remainder * 2n >= denominator ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** Tax of one rate on one line: percentage of the subtotal rounded half up, or the fixed amount × quantity. */
export function rateTax(rate: CalcRate, subtotal: bigint, quantity: bigint): bigint {
  if (rate.percentageMicro !== null) return divideRoundHalfUp(subtotal * rate.percentageMicro, PERCENT_SCALE);
  return (rate.amount?.value ?? 0n) * quantity;
}

/** A jurisdiction covers an address when country, region (if set) and postal prefix (if set) match. */
export function jurisdictionMatches(jurisdiction: CalcJurisdiction, address: TaxAddress): boolean {
  const country = address.countryCode.toUpperCase();
  if (jurisdiction.countryCode.toUpperCase() !== country) return false;
  if (jurisdiction.regionCode) {
    if (!address.regionCode) return false;
    if (normalizeRegion(country, jurisdiction.regionCode) !== normalizeRegion(country, address.regionCode))
      return false;
  }
  if (jurisdiction.postalCodePrefix) {
    if (!address.postalCode) return false;
    if (
      !normalizePostalCode(address.postalCode).startsWith(normalizePostalCode(jurisdiction.postalCodePrefix))
    ) {
      return false;
    }
  }
  return true;
}

function lineMembers(line: BasketLine): { kind: MemberKind; id: string }[] {
  return [
    ...(line.skuId ? [{ kind: 'SKU' as const, id: line.skuId }] : []),
    ...line.skuGroupIds.map((id) => ({ kind: 'SKU_GROUP' as const, id })),
    ...line.listIds.map((id) => ({ kind: 'LIST' as const, id })),
  ];
}

/** Owners whose members match the line, each with its best (most specific) match. */
function matchingOwners(line: BasketLine, links: readonly MemberLink[]): Map<string, number> {
  const wanted = new Map(lineMembers(line).map((m) => [`${m.kind}:${m.id}`, MEMBER_SPECIFICITY[m.kind]]));
  const owners = new Map<string, number>();
  for (const link of links) {
    const specificity = wanted.get(`${link.kind}:${link.memberId}`);
    if (specificity !== undefined)
      owners.set(link.ownerId, Math.max(owners.get(link.ownerId) ?? 0, specificity));
  }
  return owners;
}

function byAge(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The line's classification: the one it names, else the most specific member match, then the oldest. */
function classificationOf(line: BasketLine, data: TaxData): CalcClassification | null {
  if (line.classificationId) return data.classifications.get(line.classificationId) ?? null;
  const matches = [...matchingOwners(line, data.classificationMembers)]
    .map(([id, specificity]) => ({ classification: data.classifications.get(id), specificity }))
    .filter((m): m is { classification: CalcClassification; specificity: number } => !!m.classification);
  matches.sort((a, b) => b.specificity - a.specificity || byAge(a.classification, b.classification));
  return matches[0]?.classification ?? null;
}

/**
 * The override that governs the line: among ACTIVE overrides in scope of the address (no
 * jurisdiction, or a matching one) whose members match, the most specific match wins, then an
 * EXEMPTION over a RATES override, then the oldest.
 */
function overrideOf(line: BasketLine, data: TaxData, matching: ReadonlySet<string>): CalcOverride | null {
  const candidates = [...matchingOwners(line, data.overrideMembers)]
    .map(([id, specificity]) => ({ override: data.overrides.get(id), specificity }))
    .filter((c): c is { override: CalcOverride; specificity: number } => !!c.override)
    .filter((c) => c.override.jurisdictionId === null || matching.has(c.override.jurisdictionId));
  candidates.sort(
    (a, b) =>
      b.specificity - a.specificity ||
      Number(b.override.type === 'EXEMPTION') - Number(a.override.type === 'EXEMPTION') ||
      byAge(a.override, b.override),
  );
  return candidates[0]?.override ?? null;
}

/**
 * Computes the basket's tax. Per line: subtotal = unit amount × quantity; the applicable rates
 * are the classification's rates in a jurisdiction covering the address (or in none), with an
 * override replacing or exempting those of its scope, minus the buyer's exemptions; each rate's
 * tax is rounded half up on the line (never on the basket), so totals are sums of line taxes.
 */
export function calculateTax(basket: Basket, data: TaxData): CalculationResult {
  const currency = basket.lines[0]?.currency ?? '';
  if (basket.lines.some((line) => line.currency !== currency))
    throw new CalculationError({ kind: 'currency-mismatch' });
  const matching = new Set(
    data.jurisdictions.filter((j) => jurisdictionMatches(j, basket.address)).map((j) => j.id),
  );
  const exemptIn = new Set(basket.exemptJurisdictionIds);
  const applies = (rate: CalcRate): boolean =>
    (rate.jurisdictionId === null || matching.has(rate.jurisdictionId)) &&
    !(rate.jurisdictionId !== null && exemptIn.has(rate.jurisdictionId));

  const lines = basket.lines.map((line, index): LineResult => {
    const subtotal = line.unitAmount * line.quantity;
    const classification = classificationOf(line, data);
    const override = overrideOf(line, data, matching);
    let exemption: ExemptionReason = basket.taxExempt ? 'BUYER_EXEMPT' : null;
    let rates = classification?.rates ?? [];
    if (override) {
      // The override's scope: its jurisdiction, or everything when it has none.
      const inScope = (rate: CalcRate) =>
        override.jurisdictionId === null || rate.jurisdictionId === override.jurisdictionId;
      rates = [...rates.filter((r) => !inScope(r)), ...(override.type === 'RATES' ? override.rates : [])];
      if (override.type === 'EXEMPTION' && override.jurisdictionId === null && exemption === null) {
        exemption = 'OVERRIDE_EXEMPTION';
      }
    }
    const seen = new Set<string>();
    const taxes: LineTax[] = [];
    if (!basket.taxExempt) {
      for (const rate of rates) {
        if (seen.has(rate.id) || !applies(rate)) continue;
        seen.add(rate.id);
        if (rate.amount && rate.amount.currency !== currency) {
          throw new CalculationError({
            kind: 'rate-currency-mismatch',
            rateId: rate.id,
            rateCurrency: rate.amount.currency,
          });
        }
        taxes.push({
          rateId: rate.id,
          label: rate.label,
          jurisdictionId: rate.jurisdictionId,
          percentage: rate.percentageMicro === null ? null : formatPercentage(rate.percentageMicro),
          fixedAmount: rate.amount?.value ?? null,
          taxableAmount: subtotal,
          amount: rateTax(rate, subtotal, line.quantity),
        });
      }
    }
    return {
      index,
      ref: line.ref,
      classificationId: classification?.id ?? null,
      overrideId: override?.id ?? null,
      exemption,
      subtotal,
      taxTotal: taxes.reduce((sum, t) => sum + t.amount, 0n),
      taxes,
    };
  });

  const summary = new Map<string, RateSummary>();
  for (const tax of lines.flatMap((l) => l.taxes)) {
    const previous = summary.get(tax.rateId);
    summary.set(tax.rateId, {
      rateId: tax.rateId,
      label: tax.label,
      jurisdictionId: tax.jurisdictionId,
      percentage: tax.percentage,
      taxableAmount: (previous?.taxableAmount ?? 0n) + tax.taxableAmount,
      amount: (previous?.amount ?? 0n) + tax.amount,
    });
  }
  const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0n);
  const taxTotal = lines.reduce((sum, l) => sum + l.taxTotal, 0n);
  return {
    currency,
    subtotal,
    taxTotal,
    total: subtotal + taxTotal,
    lines,
    taxes: [...summary.values()],
    jurisdictionIds: [...matching].sort(),
  };
}
