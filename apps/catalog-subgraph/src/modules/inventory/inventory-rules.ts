/**
 * The arithmetic of inventory counts, pure: what a change leaves on hand and committed, or why it
 * is refused. available = onHand - committed. Counts are Postgres `integer` and GraphQL `Int`, so
 * no level may leave the 32-bit range.
 */

/** Largest quantity (and |delta|) of one stock, commit or adjust call. */
export const MAX_INVENTORY_QUANTITY = 1_000_000;
/** Lifetime of a reservation when commitInventory gives none, and its bounds, in seconds. */
export const DEFAULT_RESERVATION_SECONDS = 900;
export const MIN_RESERVATION_SECONDS = 1;
export const MAX_RESERVATION_SECONDS = 86_400;

const INT_MAX = 2_147_483_647;
const INT_MIN = -2_147_483_648;

export interface InventoryLevels {
  readonly onHand: number;
  readonly committed: number;
}

export type InventoryRefusal = 'INSUFFICIENT_INVENTORY' | 'INVENTORY_OUT_OF_RANGE';

export type InventoryOutcome =
  | { readonly ok: true; readonly levels: InventoryLevels }
  | { readonly ok: false; readonly refusal: InventoryRefusal };

export function availableOf(levels: InventoryLevels): number {
  return levels.onHand - levels.committed;
}

function outcome(onHand: number, committed: number): InventoryOutcome {
  const inRange = (n: number) => n >= INT_MIN && n <= INT_MAX;
  if (!inRange(onHand) || !inRange(committed) || !inRange(onHand - committed))
    return { ok: false, refusal: 'INVENTORY_OUT_OF_RANGE' };
  return { ok: true, levels: { onHand, committed } };
}

/** Receiving stock: on hand goes up. */
export function stock(levels: InventoryLevels, quantity: number): InventoryOutcome {
  return outcome(levels.onHand + quantity, levels.committed);
}

/** Reserving: committed goes up, refused when fewer than `quantity` are available unless negative is allowed. */
export function commit(levels: InventoryLevels, quantity: number, allowNegative: boolean): InventoryOutcome {
  if (!allowNegative && availableOf(levels) < quantity)
    return { ok: false, refusal: 'INSUFFICIENT_INVENTORY' };
  return outcome(levels.onHand, levels.committed + quantity);
}

/** Giving a reservation's units back (release or expiry): committed goes down, never below zero. */
export function release(levels: InventoryLevels, quantity: number): InventoryOutcome {
  return outcome(levels.onHand, Math.max(0, levels.committed - quantity));
}

/**
 * A correction of on hand by `delta` (either sign). On hand may not go below committed (available
 * below zero) unless negative is allowed; a delta that raises available is always accepted, so a
 * count already negative can be corrected upward.
 */
export function adjust(levels: InventoryLevels, delta: number, allowNegative: boolean): InventoryOutcome {
  const onHand = levels.onHand + delta;
  if (!allowNegative && delta < 0 && onHand < levels.committed)
    return { ok: false, refusal: 'INSUFFICIENT_INVENTORY' };
  return outcome(onHand, levels.committed);
}
